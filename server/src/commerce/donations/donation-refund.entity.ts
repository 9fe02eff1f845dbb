import { Field, Float, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { minorToDecimal } from '../money.js';

export enum DonationRefundKind {
  Refund = 'Refund',
  /** A chargeback: the payer's bank or PayPal took the money back. */
  Reversal = 'Reversal',
}
registerEnumType(DonationRefundKind, { name: 'DonationRefundKind' });

/** One refund or reversal of a donation at PayPal, recorded once by PayPal's id. */
@ObjectType()
@Entity('donation_refunds')
@Index('IDX_donation_refunds_paypal_id', ['paypalId'], { unique: true })
@Index('IDX_donation_refunds_donation_id', ['donationId'])
@Index('IDX_donation_refunds_gift_aid_claim_id', ['giftAidClaimId'])
export class DonationRefund {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'donation_id', type: 'integer' })
  donationId: number;

  @Field({ description: "PayPal's id of the refund or reversal" })
  @Column({ name: 'paypal_id', type: 'varchar', length: 64 })
  paypalId: string;

  @Field(() => DonationRefundKind)
  @Column({ type: 'varchar', length: 10 })
  kind: DonationRefundKind;

  /** In the gift's currency. */
  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  /** The pounds it took back: the amount for GBP, its share of the gift's sterling amount for USD (null while unknown). */
  @Column({ name: 'sterling_minor', type: 'integer', nullable: true })
  sterlingMinor: number | null;

  @Field({ description: 'When PayPal made it' })
  @Column({ name: 'refunded_at', type: 'timestamptz' })
  refundedAt: Date;

  @Field(() => ID, { nullable: true, description: 'The Gift Aid claim that accounted for it: by claiming only what was kept, or by declaring it back' })
  @Column({ name: 'gift_aid_claim_id', type: 'integer', nullable: true })
  giftAidClaimId: number | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Float, { description: "In the gift's currency, e.g. 40" })
  get amount(): number {
    return minorToDecimal(this.amountMinor);
  }
}
