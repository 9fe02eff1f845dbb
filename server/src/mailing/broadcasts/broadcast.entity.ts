import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { IsDate, IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  AUDIENCE_KINDS,
  BROADCAST_STATUSES,
  byName,
  RECIPIENT_STATUSES,
  ROLES,
  type AudienceKind,
  type BroadcastStatus,
  type RecipientStatus,
  type Role,
} from '@ministry/shared';
import { UserRole } from '../../auth/index.js';

export const AudienceKindEnum = byName(AUDIENCE_KINDS);
export const BroadcastStatusEnum = byName(BROADCAST_STATUSES);
export const RecipientStatusEnum = byName(RECIPIENT_STATUSES);
registerEnumType(AudienceKindEnum, {
  name: 'AudienceKind',
  description: 'List and Donors are marketing (by the consent ledger); Occurrence and Role are service messages',
});
registerEnumType(BroadcastStatusEnum, { name: 'BroadcastStatus' });
registerEnumType(RecipientStatusEnum, { name: 'RecipientStatus' });

/** Who a broadcast goes to, as stored with it. */
export interface Audience {
  kind: AudienceKind;
  listId?: number | null;
  postId?: number | null;
  occurrenceStart?: string | null;
  from?: string | null;
  to?: string | null;
  role?: Role | null;
}

@ObjectType()
export class BroadcastAudience {
  @Field(() => AudienceKindEnum)
  kind: AudienceKind;

  @Field(() => ID, { nullable: true })
  listId?: number | null;

  @Field(() => ID, { nullable: true })
  postId?: number | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  occurrenceStart?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  from?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  to?: Date | null;

  @Field(() => UserRole, { nullable: true })
  role?: Role | null;
}

@InputType()
export class BroadcastAudienceInput {
  @Field(() => AudienceKindEnum)
  @IsIn(AUDIENCE_KINDS, { message: `audience.kind must be one of ${AUDIENCE_KINDS.join(', ')}` })
  kind: AudienceKind;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsNotEmpty({ message: 'audience.listId must be a list' })
  listId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsNotEmpty({ message: 'audience.postId must be a program' })
  postId?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate({ message: 'audience.occurrenceStart must be a date and time' })
  occurrenceStart?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate({ message: 'audience.from must be a date and time' })
  from?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate({ message: 'audience.to must be a date and time' })
  to?: Date | null;

  @Field(() => UserRole, { nullable: true })
  @IsOptional()
  @IsIn(ROLES, { message: 'audience.role must be a role' })
  role?: Role | null;
}

@ObjectType()
export class BroadcastTotals {
  @Field(() => Int) queued: number;
  @Field(() => Int) sent: number;
  @Field(() => Int) deferred: number;
  @Field(() => Int) bounced: number;
  @Field(() => Int) complained: number;
  @Field(() => Int) unsubscribed: number;
}

/** An e-mail to many: a list's newsletter, a notice to those booked, a post announced to its list. */
@ObjectType()
@Entity('broadcasts')
export class Broadcast {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 200 })
  subject: string;

  @Field({ description: 'Rich text, sanitised as posts are' })
  @Column({ type: 'text' })
  body: string;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'list_id', type: 'integer', nullable: true })
  listId: number | null;

  @Field(() => String, { nullable: true })
  listName?: string | null;

  @Column({ name: 'audience', type: 'jsonb' })
  audienceStored: Audience;

  @Field(() => BroadcastStatusEnum)
  @Column({ type: 'varchar', length: 10, default: 'Draft' })
  status: BroadcastStatus;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Field(() => ID, { nullable: true, description: 'The post or video it announces' })
  @Column({ name: 'post_id', type: 'integer', nullable: true })
  postId: number | null;

  /** `post:<id>` or `video:<id>`: one announcement each, ever. */
  @Column({ name: 'source_key', type: 'varchar', length: 40, nullable: true })
  sourceKey: string | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@ObjectType()
export class BroadcastRecipient {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => RecipientStatusEnum)
  status: RecipientStatus;

  @Field(() => Int)
  attempts: number;

  @Field(() => String, { nullable: true, description: 'The mail server’s last reply, e.g. 550 5.1.1 no such user' })
  lastReply: string | null;

  @Field(() => Date, { nullable: true })
  sentAt: Date | null;

  @Field()
  updatedAt: Date;
}

@ObjectType()
export class BroadcastPreview {
  @Field({ description: 'The e-mail’s HTML as sent, with a sample unsubscribe link' })
  html: string;

  @Field()
  text: string;
}

/** A sent broadcast of a public list, as the website's archive shows it: no recipient data. */
@ObjectType()
export class Newsletter {
  @Field(() => ID)
  id: number;

  @Field()
  subject: string;

  @Field()
  body: string;

  @Field()
  listName: string;

  @Field()
  sentAt: Date;
}
