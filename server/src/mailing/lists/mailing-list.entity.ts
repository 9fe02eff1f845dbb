import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { byName, CONSENT_ACTIONS, CONSENT_BASES, CONSENT_SOURCES, type ConsentAction, type ConsentBasis, type ConsentSource } from '@ministry/shared';

export const ConsentBasisEnum = byName(CONSENT_BASES);
export const ConsentActionEnum = byName(CONSENT_ACTIONS);
export const ConsentSourceEnum = byName(CONSENT_SOURCES);
registerEnumType(ConsentBasisEnum, { name: 'ConsentBasis', description: 'Why a person may be sent a list’s messages (PECR)' });
registerEnumType(ConsentActionEnum, { name: 'ConsentAction' });
registerEnumType(ConsentSourceEnum, { name: 'ConsentSource', description: 'Where a consent record came from' });

/** A list people are on by the consent ledger: a newsletter, new sermons, a prayer letter. */
@ObjectType()
@Entity('mailing_lists')
export class MailingList {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 100 })
  name: string;

  @Field()
  @Column({ length: 500, default: '' })
  description: string;

  @Field({ description: 'Shown on the website’s forms; a staff-only list is filled by staff' })
  @Column({ default: true })
  public: boolean;

  @Field(() => ConsentBasisEnum, { description: 'Never changes: what people agreed to stays what it was' })
  @Column({ type: 'varchar', length: 20 })
  basis: ConsentBasis;

  @Field(() => Int, { nullable: true, description: 'comms:send: how many are subscribed now' })
  subscriberCount?: number | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One line of the consent ledger, as its person or staff read it. */
@ObjectType()
export class ConsentEvent {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  listId: number;

  @Field()
  listName: string;

  @Field(() => ConsentActionEnum)
  action: ConsentAction;

  @Field(() => ConsentBasisEnum)
  basis: ConsentBasis;

  @Field(() => ConsentSourceEnum)
  source: ConsentSource;

  @Field({ description: 'The exact words the person was shown or agreed to' })
  wording: string;

  @Field()
  at: Date;

  @Field({ description: 'Recorded by a staff member (consent on paper or by phone, or a withdrawal they were asked for)' })
  byStaff: boolean;
}

@ObjectType()
export class ListPreference {
  @Field(() => MailingList)
  list: MailingList;

  @Field()
  subscribed: boolean;

  @Field({ description: 'Asked for, waiting for the confirmation link to be opened' })
  pending: boolean;

  @Field(() => ConsentBasisEnum, { nullable: true })
  basis: ConsentBasis | null;

  @Field(() => Date, { nullable: true })
  since: Date | null;

  @Field({ description: 'The words beside the box' })
  wording: string;
}

@ObjectType()
export class CommunicationPreferences {
  @Field()
  email: string;

  @Field({ description: 'The address bounced or complained: it is sent nothing' })
  suppressed: boolean;

  @Field(() => [ListPreference])
  lists: ListPreference[];

  @Field(() => [ConsentEvent])
  history: ConsentEvent[];
}
