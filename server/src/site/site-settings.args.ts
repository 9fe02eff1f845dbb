import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, Float, InputType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { EmailAddress } from '../common/email-address.js';
import { SingleLine, trim } from '../common/fields.js';
import { CharityType, SOCIAL_NETWORKS, WEEKDAYS } from './site-settings.entity.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

@InputType()
export class ContactEmailInput {
  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each e-mail needs a label' })
  @MaxLength(60)
  @SingleLine()
  label: string;

  @Field()
  @Transform(trim)
  @EmailAddress('each e-mail address must be an e-mail address')
  @MaxLength(200)
  address: string;
}

@InputType()
export class SocialLinkInput {
  @Field()
  @IsIn(SOCIAL_NETWORKS, { message: `network must be one of ${SOCIAL_NETWORKS.join(', ')}` })
  network: string;

  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each social link needs a label' })
  @MaxLength(60)
  @SingleLine()
  label: string;

  @Field()
  @Transform(trim)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'each social link must be an https address' })
  @MaxLength(300)
  url: string;
}

@InputType()
export class ServiceTimeInput {
  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each service needs a name' })
  @MaxLength(100)
  @SingleLine()
  name: string;

  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each service needs a time' })
  @MaxLength(100)
  @SingleLine()
  when: string;
}

@InputType()
export class ScheduleEntryInput {
  @Field()
  @IsIn(WEEKDAYS, { message: `day must be one of ${WEEKDAYS.join(', ')}` })
  day: string;

  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each schedule entry needs an activity' })
  @MaxLength(100)
  @SingleLine()
  activity: string;

  @Field()
  @Matches(TIME, { message: 'opens must be a time such as 10:00' })
  opens: string;

  @Field()
  @Matches(TIME, { message: 'closes must be a time such as 12:30' })
  closes: string;
}

@InputType()
export class PastorInput {
  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'each pastor needs a name' })
  @MaxLength(100)
  @SingleLine()
  name: string;

  @Field()
  @Transform(trim)
  @MaxLength(100)
  @SingleLine()
  role: string;

  @Field()
  @Transform(trim)
  @MaxLength(500)
  photo: string;

  @Field()
  @Transform(trim)
  @MaxLength(200)
  @SingleLine()
  photoAlt: string;

  @Field()
  @IsString()
  @MaxLength(5000)
  biography: string;
}

const text = (max: number) => applyDecorators(IsOptional(), Transform(trim), IsString(), MaxLength(max, { message: `$property must be at most ${max} characters` }));
/** Optional text on one line: the site's name, its address, its times. */
const line = (max: number) => applyDecorators(text(max), SingleLine());
const list = <T>(type: () => new () => T, max: number) =>
  applyDecorators(Field(() => [type()], { nullable: true }), IsOptional(), ArrayMaxSize(max, { message: `$property may hold at most ${max} entries` }), ValidateNested({ each: true }), Type(type));

/** Every field optional: what is sent replaces what is stored, the rest stays. */
@ArgsType()
export class UpdateSiteSettingsArgs {
  @Field({ nullable: true, description: 'Organisation name' })
  @line(200)
  @IsNotEmpty({ message: 'name cannot be empty' })
  name?: string;

  @Field({ nullable: true })
  @line(60)
  shortName?: string;

  @Field({ nullable: true })
  @line(300)
  tagline?: string;

  @Field({ nullable: true })
  @text(500)
  description?: string;

  @Field({ nullable: true })
  @line(20)
  @Matches(/^(\d{6,8}(-\d)?)?$/, { message: 'charityNumber must be a registered charity number, e.g. 1234567' })
  charityNumber?: string;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(6)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  @SingleLine({ each: true })
  addressLines?: string[];

  @Field({ nullable: true })
  @line(10)
  postcode?: string;

  @Field({ nullable: true, description: 'A UK number; checked, and answered as phoneUri' })
  @line(30)
  phone?: string;

  @list(() => ContactEmailInput, 5)
  emails?: ContactEmailInput[];

  @list(() => SocialLinkInput, 10)
  socialLinks?: SocialLinkInput[];

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @IsNumber({}, { message: 'latitude must be a number' })
  @Min(-90, { message: 'latitude must be between -90 and 90' })
  @Max(90, { message: 'latitude must be between -90 and 90' })
  latitude?: number | null;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @IsNumber({}, { message: 'longitude must be a number' })
  @Min(-180, { message: 'longitude must be between -180 and 180' })
  @Max(180, { message: 'longitude must be between -180 and 180' })
  longitude?: number | null;

  @list(() => ServiceTimeInput, 20)
  serviceTimes?: ServiceTimeInput[];

  @Field({ nullable: true })
  @line(200)
  doorsOpen?: string;

  @list(() => ScheduleEntryInput, 30)
  weeklySchedule?: ScheduleEntryInput[];

  @list(() => PastorInput, 10)
  pastors?: PastorInput[];

  @Field(() => CharityType, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(CharityType), { message: `charityType must be one of ${Object.values(CharityType).join(', ')}` })
  charityType?: CharityType | null;

  @Field(() => String, { nullable: true, description: 'MM-DD, the last day of the accounting year; checked to be a day of every year' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  accountingYearEnd?: string | null;

  @Field({ nullable: true })
  @line(200)
  podcastTitle?: string;

  @Field(() => String, { nullable: true, description: 'URL answered by POST /api/uploads with purpose podcast; null clears it' })
  @IsOptional()
  @line(500)
  podcastArtwork?: string | null;

  @Field({ nullable: true, description: 'e.g. "Religion & Spirituality > Christianity"' })
  @line(120)
  @IsNotEmpty({ message: 'podcastCategory cannot be empty' })
  podcastCategory?: string;

  @Field({ nullable: true })
  @line(254)
  @ValidateIf((_, value) => value !== '')
  @EmailAddress('podcastOwnerEmail must be an e-mail address')
  podcastOwnerEmail?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'podcastExplicit must be true or false' })
  podcastExplicit?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'podcastLocked must be true or false' })
  podcastLocked?: boolean;

  @Field(() => String, { nullable: true, description: 'https://podcasts.apple.com/…; null or "" clears it' })
  @IsOptional()
  @line(500)
  @ValidateIf((_, value) => value !== '')
  @Matches(/^https:\/\/podcasts\.apple\.com\/\S+$/, { message: 'podcastAppleUrl must be the show’s address in Apple Podcasts, https://podcasts.apple.com/…' })
  podcastAppleUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'https://open.spotify.com/show/…; null or "" clears it' })
  @IsOptional()
  @line(500)
  @ValidateIf((_, value) => value !== '')
  @Matches(/^https:\/\/open\.spotify\.com\/show\/\S+$/, { message: 'podcastSpotifyUrl must be the show’s address in Spotify, https://open.spotify.com/show/…' })
  podcastSpotifyUrl?: string | null;
}
