import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { minorToDecimal } from '../money.js';

/** Where a claim stands with HMRC. Only a Draft may be deleted; the others change only forward. */
export enum GiftAidClaimStatus {
  Draft = 'Draft',
  Submitted = 'Submitted',
  Paid = 'Paid',
  Rejected = 'Rejected',
}
registerEnumType(GiftAidClaimStatus, {
  name: 'GiftAidClaimStatus',
  valuesMap: {
    Draft: { description: 'Made here, not yet sent: its rows and donations are held, and it may be deleted' },
    Submitted: { description: 'Sent to HMRC with its reference; waiting for HMRC' },
    Paid: { description: 'HMRC paid it' },
    Rejected: { description: 'HMRC refused it and paid nothing: its donations are free to claim again' },
  },
});

/** A claim to HMRC of at most 1,000 schedule rows, with the rows it holds, kept six years. */
@ObjectType()
@Entity('gift_aid_claims')
export class GiftAidClaim {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => GiftAidClaimStatus)
  @Column({ type: 'varchar', length: 10, default: GiftAidClaimStatus.Draft })
  status: GiftAidClaimStatus;

  @Field(() => ID, { description: 'The first claim of the batch this claim was made in (its own id when it is the first)' })
  @Column({ name: 'batch_id', type: 'integer' })
  batchId: number;

  @Field(() => Int, { description: 'Its place in the batch made together for one period: claim 2 of 3 (a claim holds at most 1,000 rows)' })
  @Column({ name: 'batch_number', type: 'integer', default: 1 })
  batchNumber: number;

  @Field(() => Int, { description: 'How many claims the batch was made as' })
  @Column({ name: 'batch_size', type: 'integer', default: 1 })
  batchSize: number;

  @Field(() => String, { nullable: true, description: "Box 1 of HMRC's schedule: the earliest donation date in the claim, an aggregated row's earliest gift included (YYYY-MM-DD); null when it holds no donations" })
  @Column({ name: 'earliest_donation_date', type: 'date', nullable: true })
  earliestDonationDate: string | null;

  @Field(() => String, { nullable: true, description: "HMRC's reference for the submission, recorded when it was sent" })
  @Column({ name: 'hmrc_reference', type: 'varchar', length: 64, nullable: true })
  hmrcReference: string | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'paid_minor', type: 'integer', nullable: true })
  paidMinor: number | null;

  @Field(() => String, { nullable: true, description: 'The day HMRC paid it (YYYY-MM-DD)' })
  @Column({ name: 'paid_on', type: 'date', nullable: true })
  paidOn: string | null;

  @Field(() => String, { nullable: true, description: 'What HMRC said when it refused the claim' })
  @Column({ name: 'rejection_reason', type: 'varchar', length: 500, nullable: true })
  rejectionReason: string | null;

  @Field({ description: 'First day of the period (YYYY-MM-DD)' })
  @Column({ name: 'period_from', type: 'date' })
  from: string;

  @Field({ description: 'Last day of the period (YYYY-MM-DD)' })
  @Column({ name: 'period_to', type: 'date' })
  to: string;

  @Field({ description: 'Small gifts were added together into aggregated rows' })
  @Column({ type: 'boolean', default: false })
  aggregated: boolean;

  @Column({ name: 'donations_minor', type: 'integer' })
  donationsMinor: number;

  @Column({ name: 'tax_minor', type: 'integer' })
  taxMinor: number;

  @Column({ name: 'adjustment_minor', type: 'integer', default: 0 })
  adjustmentMinor: number;

  @Field({ description: 'What to declare on the claim about tax over-claimed before (at most 100 characters)' })
  @Column({ name: 'adjustment_note', type: 'varchar', length: 100, default: '' })
  adjustmentNote: string;

  @Field(() => Int)
  @Column({ name: 'row_count', type: 'integer' })
  rowCount: number;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: "Kept until this day: six years after the end of the Gift Aid period (the charity's accounting period) of its last donation" })
  @Column({ name: 'keep_until', type: 'date' })
  keepUntil: string;

  @Field(() => Float, { description: 'Sterling total of the donations claimed' })
  get donationsTotal(): number {
    return minorToDecimal(this.donationsMinor);
  }

  @Field(() => Float, { description: 'Gift Aid to reclaim: 25 % of the donations' })
  get taxToReclaim(): number {
    return minorToDecimal(this.taxMinor);
  }

  @Field(() => Float, { description: "Box 2 of HMRC's schedule: tax claimed before on donations since refunded, deducted from this claim (on the first claim of a batch)" })
  get adjustment(): number {
    return minorToDecimal(this.adjustmentMinor);
  }

  @Field(() => Float, { nullable: true, description: 'What HMRC paid, in pounds' })
  get paidAmount(): number | null {
    return this.paidMinor === null ? null : minorToDecimal(this.paidMinor);
  }
}

@Entity('gift_aid_claim_rows')
export class GiftAidClaimRow {
  @PrimaryColumn({ name: 'claim_id', type: 'integer' })
  claimId: number;

  @PrimaryColumn({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  title: string;

  @Column({ name: 'first_name', type: 'varchar', length: 35, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 35, default: '' })
  lastName: string;

  @Column({ name: 'house_name_or_number', type: 'varchar', length: 40, default: '' })
  houseNameOrNumber: string;

  @Column({ type: 'varchar', length: 8, default: '' })
  postcode: string;

  @Column({ type: 'varchar', length: 35, default: '' })
  aggregated: string;

  @Column({ type: 'boolean', default: false })
  sponsored: boolean;

  @Column({ name: 'donation_date', type: 'date' })
  donationDate: string;

  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  /** The donation of a donor's row; null for an aggregated row, whose donations are `donationIds`. */
  @Column({ name: 'donation_id', type: 'integer', nullable: true })
  donationId: number | null;

  /** The declaration covering the donation of a donor's row. */
  @Column({ name: 'declaration_id', type: 'integer', nullable: true })
  declarationId: number | null;

  /** The donations an aggregated row adds up. */
  @Column({ name: 'donation_ids', type: 'integer', array: true, nullable: true })
  donationIds: number[] | null;
}
