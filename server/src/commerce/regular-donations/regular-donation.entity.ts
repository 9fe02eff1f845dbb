import { Field, Float, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { minorToDecimal } from '../money.js';

/** Where a monthly gift stands, as PayPal's subscription reports it. */
export enum RegularDonationStatus {
  ApprovalPending = 'ApprovalPending',
  Active = 'Active',
  Suspended = 'Suspended',
  Cancelled = 'Cancelled',
  Expired = 'Expired',
}
registerEnumType(RegularDonationStatus, {
  name: 'RegularDonationStatus',
  valuesMap: {
    ApprovalPending: { description: 'Waiting for the member to agree at PayPal' },
    Active: { description: 'Paid every month' },
    Suspended: { description: 'Paused at PayPal (after failed payments, or by PayPal)' },
    Cancelled: { description: 'Stopped for good; no further payments' },
    Expired: { description: 'Ended by PayPal' },
  },
});

/** A member's monthly gift: a PayPal subscription whose every payment becomes a `Donation` linked to it. */
@ObjectType()
@Entity('regular_donations')
@Index('IDX_regular_donations_paypal_subscription_id', ['paypalSubscriptionId'], { unique: true })
@Index('IDX_regular_donations_user_id', ['userId'])
@Index('IDX_regular_donations_status', ['status'])
@Index('IDX_regular_donations_created_at', ['createdAt'])
export class RegularDonation {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  /** Null only when the member's account was deleted. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** Each month's amount in minor units (pence, cents). */
  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  @Field()
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Field(() => RegularDonationStatus)
  @Column({ type: 'varchar', length: 20, default: RegularDonationStatus.ApprovalPending })
  status: RegularDonationStatus;

  @Column({ name: 'paypal_plan_id', type: 'varchar', length: 50, nullable: true })
  paypalPlanId: string | null;

  @Field(() => String, { name: 'subscriptionID', nullable: true, description: 'The PayPal subscription id' })
  @Column({ name: 'paypal_subscription_id', type: 'varchar', length: 50, nullable: true })
  paypalSubscriptionId: string | null;

  @Field(() => String, { nullable: true, description: 'Where the member agrees to the gift at PayPal, while ApprovalPending' })
  @Column({ name: 'approve_url', type: 'varchar', length: 500, nullable: true })
  approveUrl: string | null;

  @Field(() => Date, { nullable: true, description: 'When PayPal takes the next payment; null unless Active' })
  @Column({ name: 'next_billing_at', type: 'timestamptz', nullable: true })
  nextBillingAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => Boolean, { nullable: true, description: 'Gift Aid on each payment (true needs an enduring declaration), none (false), or not said' })
  @Column({ name: 'gift_aid', type: 'boolean', nullable: true })
  giftAid: boolean | null;

  @Field(() => Float, { description: 'Each month, in pounds or dollars, e.g. 25.5' })
  get amount(): number {
    return minorToDecimal(this.amountMinor);
  }
}

/** The PayPal catalog product and monthly plan of one currency, created once and reused by every gift. */
@Entity('paypal_billing_plans')
export class BillingPlan {
  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'product_id', type: 'varchar', length: 50 })
  productId: string;

  @Column({ name: 'plan_id', type: 'varchar', length: 50 })
  planId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
