import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { minorToDecimal } from '../money.js';

/** A claim sent to HMRC: locked once made, with the schedule rows it sent, kept six years. */
@ObjectType()
@Entity('gift_aid_claims')
export class GiftAidClaim {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

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

  @Field({ description: 'Kept until this day: six years after the end of the tax year of its last donation' })
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

  @Field(() => Float, { description: 'Gift Aid claimed before on donations since refunded, to declare on this claim' })
  get adjustment(): number {
    return minorToDecimal(this.adjustmentMinor);
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
}
