import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DeclarationScope } from './wording.js';

registerEnumType(DeclarationScope, {
  name: 'GiftAidDeclarationScope',
  description: 'ThisDonation: one gift. Enduring: future gifts and those of the past four years.',
});

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

  @Field(() => Date, { nullable: true, description: 'When a newer version took over; gifts before then keep this one' })
  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;
}
