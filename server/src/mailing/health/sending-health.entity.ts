import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'One DNS record receiving servers look at before they trust our mail' })
export class HealthCheck {
  @Field({ description: 'SPF, DKIM or DMARC' })
  name: string;

  @Field(() => Boolean, { nullable: true, description: 'null when it could not be checked' })
  ok: boolean | null;

  @Field(() => String, { nullable: true, description: 'The record found' })
  found: string | null;

  @Field({ description: 'What to do, in plain words' })
  advice: string;
}

@ObjectType({ description: 'Whether Gmail, Outlook and others will accept the mail we send' })
export class SendingHealth {
  @Field({ description: 'The domain of MAIL_FROM' })
  domain: string;

  @Field({ description: 'False when DNS could not be reached' })
  checked: boolean;

  @Field(() => [HealthCheck])
  checks: HealthCheck[];
}
