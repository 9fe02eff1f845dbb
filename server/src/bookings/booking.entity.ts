import { Field, type FieldMiddleware, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { Request } from 'express';
import { BOOKING_STATUSES, type BookingStatus, PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const BookingStatusEnum = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, status])) as { [S in BookingStatus]: S };
registerEnumType(BookingStatusEnum, {
  name: 'BookingStatus',
  description: 'Held: places kept while paying or confirming; Offered: a freed place kept for someone from the waiting list',
});

/** On a GraphQL field of a booking: null for anyone without events:manage, the booker included. */
const eventsStaffOnly: FieldMiddleware<unknown, { req: Request & { user?: AuthUser } }> = (ctx, next) =>
  can(ctx.context.req.user, PERMISSION.eventsManage) ? next() : null;

/** Why a booking was cancelled: a lapsed hold may still be confirmed by a late payment, when places are left. */
export type CancelReason = 'hold-lapsed' | 'offer-lapsed' | 'booker' | 'staff' | 'occurrence';

/** One occurrence of a program that someone has booked: its row lock serialises every change to its places. */
@Entity('booking_occurrences')
@Index('IDX_booking_occurrences_post_starts', ['postId', 'startsAt'], {
  unique: true,
})
export class BookingOccurrence {
  @PrimaryGeneratedColumn()
  id: number;

  /** Null once the program is deleted; the bookings keep its name, time and place. */
  @Column({ name: 'post_id', type: 'integer', nullable: true })
  postId: number | null;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ name: 'post_name', length: 200 })
  postName: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  location: string | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@ObjectType()
export class BookingAnswer {
  @Field()
  questionId: string;

  @Field()
  label: string;

  @Field()
  answer: string;
}

@ObjectType()
export class BookingCheckout {
  @Field(() => String, { nullable: true, description: 'The PayPal order id' })
  orderID: string | null;

  @Field(() => String, { nullable: true })
  approveUrl: string | null;
}

/** Places on one occurrence of a program, for a member or a visitor; its answers are health data. */
@ObjectType()
@Entity('bookings')
@Index('IDX_bookings_reference', ['reference'], { unique: true })
@Index('IDX_bookings_link_token_hash', ['linkTokenHash'], { unique: true })
@Index('IDX_bookings_occurrence_status', ['occurrenceId', 'status'])
@Index('IDX_bookings_user_id', ['userId'])
export class Booking {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field({
    description: 'BK- and eight letters or digits, for the door and for letters',
  })
  @Column({ length: 11 })
  reference: string;

  @Column({ name: 'occurrence_id', type: 'integer' })
  occurrenceId: number;

  @Field(() => BookingStatusEnum)
  @Column({ type: 'varchar', length: 10 })
  status: BookingStatus;

  @Field(() => Int)
  @Column({ type: 'integer' })
  places: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Field({ description: 'Who booked' })
  @Column({ name: 'booker_name', length: 200, default: '' })
  bookerName: string;

  @Field()
  @Column({ length: 254, default: '' })
  email: string;

  @Field(() => [String], { description: 'One name per place' })
  @Column({ type: 'jsonb', default: () => "'[]'" })
  names: string[];

  @Field(() => [BookingAnswer])
  @Column({ type: 'jsonb', default: () => "'[]'" })
  answers: BookingAnswer[];

  @Column({ name: 'amount_minor', type: 'integer', default: 0 })
  amountMinor: number;

  @Field()
  @Column({ length: 3, default: 'GBP' })
  currency: string;

  /** The hash of the e-mailed link (a visitor's confirmation, a waiting-list offer, a visitor's cancellation). */
  @Column({
    name: 'link_token_hash',
    type: 'varchar',
    length: 64,
    nullable: true,
  })
  linkTokenHash: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @Column({ name: 'hold_expires_at', type: 'timestamptz', nullable: true })
  holdExpiresAt: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @Column({ name: 'offer_expires_at', type: 'timestamptz', nullable: true })
  offerExpiresAt: Date | null;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @Column({ name: 'checked_in_at', type: 'timestamptz', nullable: true })
  checkedInAt: Date | null;

  @Column({ name: 'checked_in_by', type: 'integer', nullable: true })
  checkedInBy: number | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({
    name: 'cancel_reason',
    type: 'varchar',
    length: 20,
    nullable: true,
  })
  cancelReason: CancelReason | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  /** Why PayPal last refused a refund of this booking's payment; null once the refund is made. Staff only. */
  @Field(() => String, {
    nullable: true,
    middleware: [eventsStaffOnly],
    description: 'events:manage: why PayPal refused the last try to refund this booking (it is tried again); null once refunded',
  })
  @Column({ name: 'refund_failure', type: 'varchar', length: 300, nullable: true })
  refundFailure: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, middleware: [eventsStaffOnly], description: 'events:manage: when PayPal last refused it' })
  @Column({ name: 'refund_failed_at', type: 'timestamptz', nullable: true })
  refundFailedAt: Date | null;

  @Column({ name: 'reminded_at', type: 'timestamptz', nullable: true })
  remindedAt: Date | null;

  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt: Date | null;

  @Field(() => GraphQLISODateTime)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A booking with its occurrence, as every read answers it. */
export type BookingRow = Booking & { occurrence: BookingOccurrence };

@ObjectType('BookingOccurrence', { description: 'One coming occurrence of a bookable program, as the public sees it' })
export class BookingOccurrenceView {
  @Field(() => ID)
  postId: number;

  @Field(() => GraphQLISODateTime)
  start: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  end: Date | null;

  @Field(() => Int)
  capacity: number;

  @Field(() => Int)
  placesLeft: number;

  @Field({ description: 'Booking is open now' })
  open: boolean;

  @Field()
  full: boolean;

  @Field({ description: 'A waiting list is kept when full' })
  waitlist: boolean;

  @Field()
  cancelled: boolean;
}

@ObjectType({ description: 'Places of one occurrence, for staff' })
export class BookingCounts {
  @Field(() => Int)
  capacity: number;

  @Field(() => Int, { description: 'Confirmed and checked-in places' })
  booked: number;

  @Field(() => Int, {
    description: 'Places held while paying or offered from the waiting list',
  })
  held: number;

  @Field(() => Int)
  checkedIn: number;

  @Field(() => Int, { description: 'Places asked for on the waiting list' })
  waiting: number;

  @Field(() => Int)
  placesLeft: number;
}
