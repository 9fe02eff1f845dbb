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

  @Field(() => Float, { description: 'In pounds or dollars, e.g. 25.5' })
  get amount(): number {
    return minorToDecimal(this.amountMinor);
  }
}
