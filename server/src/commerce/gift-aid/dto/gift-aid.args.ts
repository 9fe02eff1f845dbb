import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, Float, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { DONATION_CURRENCIES } from '../../money.js';
import { HOUSE_CHARACTERS, HOUSE_PATTERN, NAME_CHARACTERS, NAME_PATTERN } from '../schedule.js';
import { CancellationMethod, DeclarationSource } from '../declaration.entity.js';
import { isCalendarDay } from '../tax-year.js';
import { DeclarationScope } from '../wording.js';

/** A `YYYY-MM-DD` day that exists: 2026-02-30 is refused here, not by the database. */
export const CalendarDay = (field: string) =>
  ValidateBy({
    name: 'isCalendarDay',
    validator: { validate: (value: unknown) => typeof value === 'string' && isCalendarDay(value), defaultMessage: () => `${field} must be a real day (YYYY-MM-DD)` },
  });

/** The donor's details a declaration holds, each validated with a message naming its field; shared by every way of declaring. */
const DonorTitle = () =>
  applyDecorators(
    Field({ nullable: true, description: 'Mr, Mrs, Rev…; the schedule leaves out one longer than 4 characters' }),
    ValidateIf((args: { title?: string }) => !!args.title),
    IsString(),
    MaxLength(20, { message: 'title must be at most 20 characters' }),
    Matches(NAME_PATTERN, { message: `title may hold only ${NAME_CHARACTERS}` }),
  );
const DonorName = (field: 'firstName' | 'lastName') =>
  applyDecorators(
    Field(),
    IsString(),
    IsNotEmpty({ message: `${field} is required` }),
    MaxLength(35, { message: `${field} must be at most 35 characters` }),
    Matches(NAME_PATTERN, { message: `${field} may hold only ${NAME_CHARACTERS}` }),
  );
const DonorHouse = () =>
  applyDecorators(
    Field({ description: 'From a UK taxpayer living abroad: the whole address' }),
    IsString(),
    IsNotEmpty({ message: 'houseNameOrNumber is required' }),
    MaxLength(40, { message: 'houseNameOrNumber must be at most 40 characters' }),
    Matches(HOUSE_PATTERN, { message: `houseNameOrNumber may hold only ${HOUSE_CHARACTERS}` }),
  );
const DonorPostcode = () =>
  applyDecorators(
    Field({ nullable: true, description: 'A UK postcode; stored normalised (SW1A 1AA). Not given when livesAbroad' }),
    IsOptional(),
    IsString(),
    MaxLength(10, { message: 'postcode is not a UK postcode' }),
  );
const LivesAbroad = () => applyDecorators(Field({ nullable: true, defaultValue: false }), IsOptional(), IsBoolean());
const EffectiveFrom = () =>
  applyDecorators(
    Field({
      nullable: true,
      description:
        'Enduring only: the first day covered, at most four years back (YYYY-MM-DD). When not given: four years back, ' +
        'or the day it is made when the donor cancelled an earlier declaration (never before the day after that cancellation unless given)',
    }),
    IsOptional(),
    CalendarDay('effectiveFrom'),
  );
const Scope = () => applyDecorators(Field(() => DeclarationScope), IsEnum(DeclarationScope, { message: 'scope must be ThisDonation or Enduring' }));

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

  @EffectiveFrom() effectiveFrom?: string;
}

/** What every declaration holds, whoever records it. */
export interface DeclarationDetails {
  scope: DeclarationScope;
  title?: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode?: string;
  livesAbroad?: boolean;
  effectiveFrom?: string;
}

@ArgsType()
export class CreateGiftAidDeclarationArgs extends GiftAidWordingArgs implements DeclarationDetails {
  @DonorTitle() title?: string;
  @DonorName('firstName') firstName: string;
  @DonorName('lastName') lastName: string;
  @DonorHouse() houseNameOrNumber: string;
  @DonorPostcode() postcode?: string;
  @LivesAbroad() livesAbroad?: boolean;
}

/** A declaration made with a one-off gift and stored with it, in the same transaction; its amount is the gift's. */
@InputType()
export class GiftAidDeclarationInput implements DeclarationDetails {
  @Scope() scope: DeclarationScope;
  @DonorTitle() title?: string;
  @DonorName('firstName') firstName: string;
  @DonorName('lastName') lastName: string;
  @DonorHouse() houseNameOrNumber: string;
  @DonorPostcode() postcode?: string;
  @LivesAbroad() livesAbroad?: boolean;
  @EffectiveFrom() effectiveFrom?: string;
}

export enum DeclarationStatus {
  InForce = 'InForce',
  Cancelled = 'Cancelled',
  Superseded = 'Superseded',
}
registerEnumType(DeclarationStatus, { name: 'GiftAidDeclarationStatus', description: 'InForce: covers new gifts. Superseded: a newer version took over. Cancelled: covers no gift after its cancellation' });

@InputType()
export class GiftAidDeclarationFilter extends ListFilterInput {
  @Field(() => DeclarationStatus, { nullable: true })
  @IsOptional()
  @IsEnum(DeclarationStatus)
  status?: DeclarationStatus;

  @Field(() => ID, { nullable: true, description: "The donor's account" })
  @IsOptional()
  userId?: string;
}

@ArgsType()
export class AllGiftAidDeclarationsArgs extends ListArgs {
  @FilterArg(() => GiftAidDeclarationFilter)
  filter?: GiftAidDeclarationFilter;
}

@ArgsType()
export class CancelGiftAidDeclarationForDonorArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ description: 'The day the cancellation takes effect (YYYY-MM-DD, London): gifts from that day on are not covered' })
  @CalendarDay('cancelledOn')
  cancelledOn: string;

  @Field(() => CancellationMethod, { description: 'How the donor told us: Written, Phone, Email or InPerson' })
  @IsEnum(CancellationMethod, { message: 'method must be Written, Phone, Email or InPerson' })
  method: CancellationMethod;

  @Field({ nullable: true, defaultValue: '' })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  note?: string;
}

@ArgsType()
export class RecordGiftAidDeclarationArgs implements DeclarationDetails {
  @Field(() => ID, { nullable: true, description: "The donor's member account; or give donorEmail" })
  @IsOptional()
  userId?: string;

  @Field({ nullable: true, description: "The donor's account e-mail address; or give userId" })
  @IsOptional()
  @IsString()
  @MaxLength(254, { message: 'donorEmail must be at most 254 characters' })
  donorEmail?: string;

  @Field(() => DeclarationSource, { description: 'Oral (telephone or in person) or Paper' })
  @IsIn([DeclarationSource.Oral, DeclarationSource.Paper], { message: 'source must be Oral or Paper' })
  source: DeclarationSource;

  @Field({ description: 'The day the donor gave it (YYYY-MM-DD, London)' })
  @CalendarDay('declaredOn')
  declaredOn: string;

  @Scope() scope: DeclarationScope;
  @DonorTitle() title?: string;
  @DonorName('firstName') firstName: string;
  @DonorName('lastName') lastName: string;
  @DonorHouse() houseNameOrNumber: string;
  @DonorPostcode() postcode?: string;
  @LivesAbroad() livesAbroad?: boolean;
  @EffectiveFrom() effectiveFrom?: string;
}

@ArgsType()
export class ClaimPeriodArgs {
  @Field({ description: 'First day (YYYY-MM-DD), London time' })
  @CalendarDay('from')
  from: string;

  @Field({ description: 'Last day (YYYY-MM-DD), London time' })
  @CalendarDay('to')
  to: string;

  @Field({ nullable: true, defaultValue: false, description: 'Add together small declared gifts into aggregated rows' })
  @IsOptional()
  @IsBoolean()
  aggregate?: boolean;
}
