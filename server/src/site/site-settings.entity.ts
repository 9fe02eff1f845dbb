import { Field, Float, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'x', 'tiktok'] as const;

/**
 * How the charity is set up, as HMRC's Gift Aid rules tell them apart: a trust claims within four years of the end
 * of the tax year; a CIO, a charitable company or an unincorporated association (which pays corporation tax, not
 * income tax) within four years of the end of its own accounting period.
 */
export enum CharityType {
  Trust = 'Trust',
  CIO = 'CIO',
  CharitableCompany = 'CharitableCompany',
  UnincorporatedAssociation = 'UnincorporatedAssociation',
}
registerEnumType(CharityType, { name: 'CharityType', description: 'How the charity is set up, as HMRC tells Gift Aid claimants apart' });

@ObjectType()
export class ContactEmail {
  @Field({ description: 'What to write about, e.g. Prayer' })
  label: string;

  @Field()
  address: string;
}

@ObjectType()
export class SocialLink {
  @Field({ description: `One of ${SOCIAL_NETWORKS.join(', ')} (its icon)` })
  network: string;

  @Field()
  label: string;

  @Field({ description: 'https address of the ministry’s page' })
  url: string;
}

@ObjectType()
export class ServiceTime {
  @Field({ description: 'e.g. Sunday service' })
  name: string;

  @Field({ description: 'Free text, e.g. 10.00am to 12.30pm' })
  when: string;
}

@ObjectType()
export class ScheduleEntry {
  @Field({ description: `${WEEKDAYS.join(', ')}` })
  day: string;

  @Field()
  activity: string;

  @Field({ description: 'HH:MM, London time' })
  opens: string;

  @Field({ description: 'HH:MM, London time, after opens' })
  closes: string;
}

@ObjectType()
export class Pastor {
  @Field()
  name: string;

  @Field()
  role: string;

  @Field({ description: 'Photo URL: a path on this site or an upload' })
  photo: string;

  @Field()
  photoAlt: string;

  @Field({ description: 'Plain text; a blank line starts a new paragraph' })
  biography: string;
}

/**
 * The organisation's details, one row (id 1): what the footer, contact and visit pages, structured data and
 * calendar feeds say about the ministry. Volunteers edit it in the console's "Site settings".
 */
@ObjectType()
@Entity('site_settings')
export class SiteSettings {
  @PrimaryColumn({ type: 'integer', default: 1 })
  id: number;

  @Field({ description: 'Organisation name' })
  @Column({ length: 200 })
  name: string;

  @Field({ description: 'Short name, e.g. for the home screen icon' })
  @Column({ name: 'short_name', length: 60 })
  shortName: string;

  @Field()
  @Column({ length: 300 })
  tagline: string;

  @Field({ description: 'One or two sentences for search results and link previews' })
  @Column({ length: 500 })
  description: string;

  @Field({ description: 'Registered charity number (England and Wales)' })
  @Column({ name: 'charity_number', length: 20 })
  charityNumber: string;

  @Field(() => [String], { description: 'Postal address without the postcode; the last line is the town' })
  @Column({ name: 'address_lines', type: 'jsonb' })
  addressLines: string[];

  @Field()
  @Column({ length: 10 })
  postcode: string;

  @Field({ description: 'As people write it, e.g. 020 7946 0123' })
  @Column({ length: 30 })
  phone: string;

  @Field(() => [ContactEmail], { description: 'The contact e-mails; the first also receives security reports' })
  @Column({ type: 'jsonb' })
  emails: ContactEmail[];

  @Field(() => [SocialLink])
  @Column({ name: 'social_links', type: 'jsonb' })
  socialLinks: SocialLink[];

  @Field(() => Float, { nullable: true, description: 'Map point (WGS 84)' })
  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true })
  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Field(() => [ServiceTime])
  @Column({ name: 'service_times', type: 'jsonb' })
  serviceTimes: ServiceTime[];

  @Field({ description: 'e.g. Doors open 10 minutes before.' })
  @Column({ name: 'doors_open', length: 200 })
  doorsOpen: string;

  @Field(() => [ScheduleEntry], { description: 'What happens each week; also the recurring events of /events.ics' })
  @Column({ name: 'weekly_schedule', type: 'jsonb' })
  weeklySchedule: ScheduleEntry[];

  @Field(() => [Pastor])
  @Column({ type: 'jsonb' })
  pastors: Pastor[];

  @Field(() => CharityType, { description: "How the charity is set up: a Trust's Gift Aid runs by the tax year, the others' by their accounting year" })
  @Column({ name: 'charity_type', type: 'varchar', length: 30, default: CharityType.Trust })
  charityType: CharityType;

  @Field({ description: "The last day of the charity's accounting year, MM-DD (04-05: the tax year; 12-31: the calendar year)" })
  @Column({ name: 'accounting_year_end', type: 'char', length: 5, default: '04-05' })
  accountingYearEnd: string;

  @Field({ description: "The podcast's name in Apple Podcasts and Spotify; the site's name when empty" })
  @Column({ name: 'podcast_title', length: 200, default: '' })
  podcastTitle: string;

  @Field(() => String, { nullable: true, description: 'Square artwork, 1400 to 3000 pixels a side: an upload of purpose podcast' })
  @Column({ name: 'podcast_artwork', type: 'varchar', length: 500, nullable: true })
  podcastArtwork: string | null;

  @Field({ description: 'Apple Podcasts category, with a subcategory after ">", e.g. "Religion & Spirituality > Christianity"' })
  @Column({ name: 'podcast_category', length: 120, default: 'Religion & Spirituality > Christianity' })
  podcastCategory: string;

  @Field({ description: 'The address Apple and Spotify write to about the podcast (itunes:owner)' })
  @Column({ name: 'podcast_owner_email', length: 254, default: '' })
  podcastOwnerEmail: string;

  @Field()
  @Column({ name: 'podcast_explicit', type: 'boolean', default: false })
  podcastExplicit: boolean;

  @Field({ description: 'podcast:locked: other platforms may not import the feed' })
  @Column({ name: 'podcast_locked', type: 'boolean', default: true })
  podcastLocked: boolean;

  @Field(() => String, { nullable: true, description: "The show's page in Apple Podcasts, once it is listed there (https://podcasts.apple.com/…)" })
  @Column({ name: 'podcast_apple_url', type: 'varchar', length: 500, nullable: true })
  podcastAppleUrl: string | null;

  @Field(() => String, { nullable: true, description: "The show's page in Spotify, once it is listed there (https://open.spotify.com/show/…)" })
  @Column({ name: 'podcast_spotify_url', type: 'varchar', length: 500, nullable: true })
  podcastSpotifyUrl: string | null;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
