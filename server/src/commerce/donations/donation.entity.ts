import { Field, Float, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { minorToDecimal } from '../money.js';
import { PaymentRecord } from '../payments/payment-record.js';

export enum DonationStatus {
  Created = 'Created',
  Paid = 'Paid',
  Refunded = 'Refunded',
  Failed = 'Failed',
}
registerEnumType(DonationStatus, { name: 'DonationStatus' });

/** A gift in GBP or USD, paid through PayPal. */
@ObjectType()
@Entity('donations')
@Index('IDX_donations_paypal_order_id', ['paypalOrderId'], { unique: true })
@Index('IDX_donations_capture_id', ['captureId'])
@Index('IDX_donations_user_id', ['userId'])
@Index('IDX_donations_status', ['status'])
@Index('IDX_donations_created_at', ['createdAt'])
@Index('IDX_donations_regular_donation_id', ['regularDonationId'])
@Index('IDX_donations_sale_id', ['captureId'], { unique: true, where: 'regular_donation_id IS NOT NULL' })
export class Donation extends PaymentRecord {
  @Field(() => DonationStatus)
  @Column({ type: 'varchar', length: 10, default: DonationStatus.Created })
  status: DonationStatus;

  @Field()
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Field()
  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Field(() => ID, { nullable: true, description: "The regular gift this is a month's payment of; null for a one-off gift" })
  @Column({ name: 'regular_donation_id', type: 'integer', nullable: true })
  regularDonationId: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Gift Aid asked for (true), refused (false), or not said (an enduring declaration covers it)' })
  @Column({ name: 'gift_aid', type: 'boolean', nullable: true })
  giftAid: boolean | null;

  @Field(() => ID, { nullable: true, description: 'The declaration given with this gift' })
  @Column({ name: 'gift_aid_declaration_id', type: 'integer', nullable: true })
  giftAidDeclarationId: number | null;

  /** For a gift in dollars: the pounds it was worth, as PayPal converted it or Finance entered it. */
  @Column({ name: 'sterling_amount_minor', type: 'integer', nullable: true })
  sterlingAmountMinor: number | null;

  @Field(() => String, { nullable: true, description: 'The USD → GBP rate behind the sterling amount, e.g. "0.7850": PayPal\'s for the capture, or the one Finance entered' })
  @Column({ name: 'exchange_rate', type: 'varchar', length: 20, nullable: true })
  exchangeRate: string | null;

  @Field(() => String, { nullable: true, description: 'Where the rate or sterling amount came from: "PayPal" for its own conversion, else what Finance wrote (e.g. "Bank of England")' })
  @Column({ name: 'exchange_rate_source', type: 'varchar', length: 60, nullable: true })
  exchangeRateSource: string | null;

  @Field(() => String, { nullable: true, description: 'The day (YYYY-MM-DD) the rate applies to: the capture\'s for PayPal' })
  @Column({ name: 'exchange_rate_date', type: 'date', nullable: true })
  exchangeRateDate: string | null;

  @Field(() => ID, { nullable: true, description: 'The Gift Aid claim that included it' })
  @Column({ name: 'gift_aid_claim_id', type: 'integer', nullable: true })
  giftAidClaimId: number | null;

  @Field(() => ID, { nullable: true, description: 'The later claim that declared its refund' })
  @Column({ name: 'gift_aid_adjustment_claim_id', type: 'integer', nullable: true })
  giftAidAdjustmentClaimId: number | null;

  /** What PayPal has refunded or reversed of it, in minor units: the sum of its refunds, kept in their transaction. */
  @Column({ name: 'refunded_amount_minor', type: 'integer', default: 0 })
  refundedAmountMinor: number;

  @Field(() => Float, { description: 'In pounds or dollars, e.g. 25.5' })
  get amount(): number {
    return minorToDecimal(this.amountMinor);
  }

  @Field(() => Float, { description: "Refunded or reversed so far, in the gift's currency; 0 when none. Refunded in full, the status is Refunded" })
  get refundedAmount(): number {
    return minorToDecimal(this.refundedAmountMinor);
  }

  @Field(() => Float, { nullable: true, description: 'In pounds: the amount of a GBP gift, the converted amount of a USD one (null while unknown)' })
  get sterlingAmount(): number | null {
    if (this.currency === 'GBP') return minorToDecimal(this.amountMinor);
    return this.sterlingAmountMinor === null ? null : minorToDecimal(this.sterlingAmountMinor);
  }
}
