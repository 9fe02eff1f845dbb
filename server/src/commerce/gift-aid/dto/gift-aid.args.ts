import { ArgsType, Field, Float, ID } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { DONATION_CURRENCIES } from '../../money.js';
import { HOUSE_CHARACTERS, HOUSE_PATTERN, NAME_CHARACTERS, NAME_PATTERN } from '../schedule.js';
import { DeclarationScope } from '../wording.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

@ArgsType()
export class GiftAidWordingArgs {
  @Field(() => DeclarationScope)
  @IsEnum(DeclarationScope)
  scope: DeclarationScope;

  @Field(() => Float, { nullable: true, description: 'The gift the declaration is made with, to name its amount' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  amount?: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(DONATION_CURRENCIES, { message: 'currency must be GBP or USD' })
  currency?: string;
}

@ArgsType()
export class CreateGiftAidDeclarationArgs extends GiftAidWordingArgs {
  @Field({ nullable: true, description: 'Mr, Mrs, Rev…; the schedule leaves out one longer than 4 characters' })
  @ValidateIf((args: CreateGiftAidDeclarationArgs) => !!args.title)
  @IsString()
  @MaxLength(20, { message: 'title must be at most 20 characters' })
  @Matches(NAME_PATTERN, { message: `title may hold only ${NAME_CHARACTERS}` })
  title?: string;

  @Field()
  @IsString()
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(35, { message: 'firstName must be at most 35 characters' })
  @Matches(NAME_PATTERN, { message: `firstName may hold only ${NAME_CHARACTERS}` })
  firstName: string;

  @Field()
  @IsString()
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(35, { message: 'lastName must be at most 35 characters' })
  @Matches(NAME_PATTERN, { message: `lastName may hold only ${NAME_CHARACTERS}` })
  lastName: string;

  @Field({ description: 'From a UK taxpayer living abroad: the whole address' })
  @IsString()
  @IsNotEmpty({ message: 'houseNameOrNumber is required' })
  @MaxLength(40, { message: 'houseNameOrNumber must be at most 40 characters' })
  @Matches(HOUSE_PATTERN, { message: `houseNameOrNumber may hold only ${HOUSE_CHARACTERS}` })
  houseNameOrNumber: string;

  @Field({ nullable: true, description: 'A UK postcode; stored normalised (SW1A 1AA). Not given when livesAbroad' })
  @IsOptional()
  @IsString()
  @MaxLength(10, { message: 'postcode is not a UK postcode' })
  postcode?: string;

  @Field({ nullable: true, defaultValue: false })
  @IsOptional()
  @IsBoolean()
  livesAbroad?: boolean;

  @Field({ nullable: true, description: 'Enduring only: the first day covered, at most four years back (YYYY-MM-DD); four years back when not given' })
  @IsOptional()
  @Matches(DAY, { message: 'effectiveFrom must be a date (YYYY-MM-DD)' })
  effectiveFrom?: string;
}

@ArgsType()
export class ClaimPeriodArgs {
  @Field({ description: 'First day (YYYY-MM-DD), London time' })
  @Matches(DAY, { message: 'from must be a date (YYYY-MM-DD)' })
  from: string;

  @Field({ description: 'Last day (YYYY-MM-DD), London time' })
  @Matches(DAY, { message: 'to must be a date (YYYY-MM-DD)' })
  to: string;

  @Field({ nullable: true, defaultValue: false, description: 'Add together small declared gifts into aggregated rows' })
  @IsOptional()
  @IsBoolean()
  aggregate?: boolean;
}

@ArgsType()
export class SterlingAmountArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field(() => Float, { description: 'The pounds the USD gift was worth, up to two decimals' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  amount: number;
}
