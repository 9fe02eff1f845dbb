import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';
import { RequestStatus } from '../request-status.js';
import { staffOnly } from '../staff-only.js';

export const NOTE_MAX_LENGTH = 5000;

/** What every request carries besides what its sender wrote: when it came, how far staff got, their note. */
@ObjectType({ isAbstract: true })
export abstract class RequestRecord {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => RequestStatus)
  @Column({ type: 'text', default: RequestStatus.New })
  status: RequestStatus;

  /** Internal to staff; never shown to the sender. */
  @Field(() => String, { nullable: true, middleware: [staffOnly] })
  @Column({ type: 'varchar', length: NOTE_MAX_LENGTH, nullable: true })
  note: string | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The staff member looking after it; internal to staff like the note. */
  @Field(() => ID, { nullable: true, middleware: [staffOnly] })
  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  /** When it was last closed (the retention schedule counts from here); empty while open. */
  @Field(() => Date, { nullable: true })
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** When staff last replied to the sender from the console. */
  @Field(() => Date, { nullable: true })
  @Column({ name: 'last_reply_at', type: 'timestamptz', nullable: true })
  lastReplyAt: Date | null;
}

/** A request from someone who may not be a member, so it carries how to reach them. */
@ObjectType({ isAbstract: true })
export abstract class ContactableRequestRecord extends RequestRecord {
  @Field()
  @Column({ length: 100 })
  name: string;

  @Field()
  @Column({ length: 254 })
  email: string;

  @Field()
  @Column({ length: 40 })
  phone: string;
}
