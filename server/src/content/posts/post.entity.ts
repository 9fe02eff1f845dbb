import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BookingSettings } from './booking-settings.js';
import { TestimonyDisplayName } from './testimony-consent.js';

export enum PostStatus {
  Authorised = 'Authorised',
  UnAuthorised = 'UnAuthorised',
}
registerEnumType(PostStatus, {
  name: 'PostStatus',
  description: 'Only Authorised posts are public; the others are drafts, seen by content staff and their author.',
});

/** JSON keeps the booking window's dates as text. */
function storedBooking(
  value: (Omit<BookingSettings, 'opensAt' | 'closesAt'> & { opensAt: string | null; closesAt: string | null }) | null,
): BookingSettings | null {
  if (!value) return null;
  return { ...value, opensAt: value.opensAt ? new Date(value.opensAt) : null, closesAt: value.closesAt ? new Date(value.closesAt) : null };
}

/** Who wrote a post, as the public may see it: never an e-mail or phone number. */
@ObjectType()
export class PostAuthor {
  @Field(() => ID)
  id: number;

  @Field()
  title: string;

  @Field()
  firstname: string;

  @Field()
  lastname: string;
}

/**
 * A blog post, program (category 1) or testimony (category 2). The body is sanitised HTML. A program may be
 * an event: when and where it happens, and how it repeats.
 */
@ObjectType()
@Entity('posts')
@Index('IDX_posts_category_id_created_at', ['categoryId', 'createdAt', 'id'])
@Index('IDX_posts_category_id_sort_starts_at', ['categoryId', 'sortStartsAt', 'createdAt'])
export class Post {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 200 })
  name: string;

  /** Set once from the first name, so shared links keep working after a rename. */
  @Field()
  @Index('IDX_posts_slug', { unique: true })
  @Column({ length: 120 })
  slug: string;

  @Field()
  @Column({ type: 'text' })
  body: string;

  @Field({ description: 'Plain text from the start of the body, for lists' })
  @Column({ length: 300, default: '' })
  excerpt: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  @Field(() => ID)
  @Column({ name: 'category_id', type: 'integer' })
  categoryId: number;

  @Field(() => TestimonyDisplayName, { nullable: true, description: 'Testimonies: the name it shows, as its author consented' })
  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName: TestimonyDisplayName | null;

  @Field(() => ID, { nullable: true })
  @Index('IDX_posts_author_id')
  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  @Field(() => PostStatus)
  @Index('IDX_posts_status')
  @Column({ type: 'varchar', length: 12, default: PostStatus.Authorised })
  status: PostStatus;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Programs: when it starts (the first occurrence of a recurring one)' })
  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Programs: when the (first) occurrence ends' })
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Programs: where it happens, free text' })
  @Column({ type: 'varchar', length: 300, nullable: true })
  location: string | null;

  @Field(() => String, { nullable: true, description: 'Programs: where to join online (http or https)' })
  @Column({ name: 'online_url', type: 'varchar', length: 500, nullable: true })
  onlineUrl: string | null;

  @Field(() => String, { nullable: true, description: 'Programs: an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=WE, counted in Europe/London' })
  @Column({ type: 'varchar', length: 300, nullable: true })
  recurrence: string | null;

  @Field(() => BookingSettings, { nullable: true, description: 'Programs: how people book each occurrence; null when it is not booked' })
  @Column({ type: 'jsonb', nullable: true, transformer: { to: (value: BookingSettings | null | undefined) => value, from: storedBooking } })
  booking: BookingSettings | null;

  @Field(() => ID, { nullable: true, description: 'The mailing list its publication is e-mailed to, once' })
  @Column({ name: 'announce_list_id', type: 'integer', nullable: true })
  announceListId: number | null;

  /** The next occurrence's start when last computed (refreshed as they pass), else the first: the list's sort key. */
  @Column({ name: 'sort_starts_at', type: 'timestamptz', nullable: true })
  sortStartsAt: Date | null;

  /** When the last occurrence ends; null when undated or repeating for ever. Decides "past" in SQL. */
  @Column({ name: 'over_at', type: 'timestamptz', nullable: true })
  overAt: Date | null;

  @Field()
  @Index('IDX_posts_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
