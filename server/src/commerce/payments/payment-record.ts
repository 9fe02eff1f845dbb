import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Statuses a paid-for record moves through; `Shipped` exists for book orders only. */
export type PaymentStatus = 'Created' | 'Paid' | 'Shipped' | 'Refunded' | 'Failed';

/** Money has been received and kept for these statuses. */
export const SETTLED: readonly PaymentStatus[] = ['Paid', 'Shipped'];

/**
 * What book orders and donations share: who pays, how much, and where the PayPal side stands. Stored on each
 * table (no shared table), so each keeps its own ids and indexes.
 */
@ObjectType({ isAbstract: true })
export abstract class PaymentRecord {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  abstract status: PaymentStatus;
  abstract currency: string;

  /** Null only when the member's account was deleted; the record itself is kept. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Field(() => String, { name: 'orderID', nullable: true, description: 'The PayPal order id (the `token` of the return URL)' })
  @Column({ name: 'paypal_order_id', type: 'varchar', length: 36, nullable: true })
  paypalOrderId: string | null;

  @Column({ name: 'approve_url', type: 'varchar', length: 500, nullable: true })
  approveUrl: string | null;

  /** The amount in minor units (pence, cents), decided by the server. */
  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  @Column({ name: 'capture_id', type: 'varchar', length: 36, nullable: true })
  captureId: string | null;

  /** PayPal's status of the capture (COMPLETED, PENDING, DECLINED, REFUNDED, ...). */
  @Column({ name: 'capture_status', type: 'varchar', length: 20, nullable: true })
  captureStatus: string | null;

  /** Part of the capture's PayPal-Request-Id: the same attempt is never charged twice; a decline starts a new one. */
  @Column({ name: 'capture_attempt', type: 'integer', default: 1 })
  captureAttempt: number;

  @Field(() => String, { nullable: true, description: 'Why the last payment attempt did not complete' })
  @Column({ name: 'failure_message', type: 'varchar', length: 300, nullable: true })
  failureMessage: string | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A record refunded whole through `PaymentsService.refund` (book orders, tickets); a donation records its refunds apart. */
@ObjectType({ isAbstract: true })
export abstract class RefundablePaymentRecord extends PaymentRecord {
  /** Part of the refund's PayPal-Request-Id: PayPal answers an id used before with its answer, so a refusal starts a new one. */
  @Column({ name: 'refund_attempt', type: 'integer', default: 1 })
  refundAttempt: number;
}

/** The buyer as order and donation reviews show them. */
@ObjectType()
export class OrderUser {
  @Field(() => ID)
  id: number;

  @Field()
  firstname: string;

  @Field()
  lastname: string;

  @Field()
  email: string;

  @Field()
  phone: string;

  @Field()
  country: string;

  @Field()
  state: string;
}
