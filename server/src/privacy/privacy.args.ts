import { ArgsType, Field } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EmailAddress } from '../common/email-address.js';
import { lowerTrim } from '../common/fields.js';

@ArgsType()
export class PasswordArgs {
  @Field()
  @MaxLength(200, { message: 'password must be at most 200 characters' })
  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  password: string;
}

@ArgsType()
export class EmailArgs {
  @Field()
  @Transform(lowerTrim)
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @EmailAddress('email must be a valid e-mail address')
  @IsNotEmpty({ message: 'email is required' })
  email: string;
}
