import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DeclarationScope } from './wording.js';

registerEnumType(DeclarationScope, {
  name: 'GiftAidDeclarationScope',
  description: 'ThisDonation: one gift. Enduring: future gifts and those of the past four years.',
});

/** How the donor gave the declaration. */
export enum DeclarationSource {
  Online = 'Online',
  Oral = 'Oral',
  Paper = 'Paper',
}
registerEnumType(DeclarationSource, { name: 'GiftAidDeclarationSource', description: 'Online: by the donor on the site. Oral: by telephone or in person, recorded by staff. Paper: a signed form, recorded by staff.' });

/** How a cancellation reached the charity. */
export enum CancellationMethod {
  Online = 'Online',
  Written = 'Written',
  Phone = 'Phone',
  Email = 'Email',
  InPerson = 'InPerson',
}
registerEnumType(CancellationMethod, { name: 'GiftAidCancellationMethod', description: 'Online: by the donor in their account; the others: received by staff, who recorded it' });

/**
 * A donor's Gift Aid declaration. It keeps its own copy of the name and home address HMRC needs, so it outlives a
 * changed profile or an erased account; a changed address is a new version, the old one kept. No e-mail address.
 */
@ObjectType()
@Entity('gift_aid_declarations')
@Index('IDX_gift_aid_declarations_user_id', ['userId'])
export class GiftAidDeclaration {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Field(() => Int, { description: '1 for a first declaration; a changed name or address makes the next version' })
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Field(() => ID, { nullable: true, description: 'The version this one replaced' })
  @Column({ name: 'previous_id', type: 'integer', nullable: true })
  previousId: number | null;

  @Field(() => DeclarationScope)
  @Column({ type: 'varchar', length: 12 })
  scope: DeclarationScope;

  @Field()
  @Column({ type: 'varchar', length: 20, default: '' })
  title: string;

  @Field()
  @Column({ name: 'first_name', type: 'varchar', length: 35 })
  firstName: string;

  @Field()
  @Column({ name: 'last_name', type: 'varchar', length: 35 })
  lastName: string;

  @Field()
  @Column({ name: 'house_name_or_number', type: 'varchar', length: 40 })
  houseNameOrNumber: string;

  @Field(() => String, { nullable: true, description: 'Normalised, e.g. SW1A 1AA; null for a UK taxpayer living abroad' })
  @Column({ type: 'varchar', length: 8, nullable: true })
  postcode: string | null;

  @Field({ description: 'A UK taxpayer living abroad: no UK postcode, the address is in houseNameOrNumber' })
  @Column({ name: 'lives_abroad', type: 'boolean', default: false })
  livesAbroad: boolean;

  @Field()
  @Column({ name: 'wording_version', type: 'varchar', length: 20 })
  wordingVersion: string;

  @Field({ description: 'The exact text the donor declared' })
  @Column({ type: 'text' })
  wording: string;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'The first day of giving it covers (YYYY-MM-DD); up to four years before it was made' })
  @Column({ name: 'effective_from', type: 'date' })
  effectiveFrom: string;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Field(() => DeclarationSource)
  @Column({ type: 'varchar', length: 6, default: DeclarationSource.Online })
  source: DeclarationSource;

  @Field({ description: 'The day the donor gave the declaration (YYYY-MM-DD, London); for an oral or paper one, as staff recorded it' })
  @Column({ name: 'declared_on', type: 'date' })
  declaredOn: string;

  @Field(() => ID, { nullable: true, description: 'The staff member who recorded an oral or paper declaration' })
  @Column({ name: 'recorded_by', type: 'integer', nullable: true })
  recordedBy: number | null;

  @Field(() => Date, { nullable: true, description: 'When the written record of an oral declaration was queued to the donor by e-mail' })
  @Column({ name: 'confirmation_sent_at', type: 'timestamptz', nullable: true })
  confirmationSentAt: Date | null;

  @Field(() => CancellationMethod, { nullable: true })
  @Column({ name: 'cancellation_method', type: 'varchar', length: 8, nullable: true })
  cancellationMethod: CancellationMethod | null;

  /** What staff noted when recording a cancellation: staff's own words, answered to Finance only (the resolver). */
  @Column({ name: 'cancellation_note', type: 'varchar', length: 500, default: '' })
  cancellationNote: string;

  @Field(() => ID, { nullable: true, description: 'Who cancelled it: the donor, or the staff member who recorded it' })
  @Column({ name: 'cancelled_by', type: 'integer', nullable: true })
  cancelledBy: number | null;

  @Field(() => Date, { nullable: true, description: 'When the cancellation was recorded (cancelledAt is when it takes effect)' })
  @Column({ name: 'cancellation_recorded_at', type: 'timestamptz', nullable: true })
  cancellationRecordedAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When a newer version took over; gifts before then keep this one' })
  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;
}
