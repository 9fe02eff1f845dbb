import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { RequestStatus } from '../request-status.js';
import { NOTE_MAX_LENGTH } from './request-record.js';

export enum CareEventType {
  Note = 'Note',
  RequesterAnswer = 'RequesterAnswer',
  StatusChange = 'StatusChange',
  Assignment = 'Assignment',
  Reply = 'Reply',
}

registerEnumType(CareEventType, {
  name: 'CareEventType',
  valuesMap: {
    Note: { description: 'An internal note by staff' },
    RequesterAnswer: { description: "The sender's answer, pasted in by staff" },
    StatusChange: { description: 'The status moved from fromStatus to toStatus' },
    Assignment: { description: 'Given to assignee (none: unassigned)' },
    Reply: { description: 'An e-mail sent to the sender from the console' },
  },
});

/** One line of a request's timeline. Rows go when their request goes (a trigger per request table). */
@ObjectType()
@Entity('care_events')
export class CareEvent {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  /** The request's kind (`PrayerRequest`...) and id in its own table. */
  @Column({ type: 'text' })
  kind: string;

  @Column({ name: 'request_id' })
  requestId: number;

  @Field(() => CareEventType)
  @Column({ type: 'text' })
  type: CareEventType;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: NOTE_MAX_LENGTH, nullable: true })
  body: string | null;

  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  @Field(() => RequestStatus, { nullable: true })
  @Column({ name: 'from_status', type: 'text', nullable: true })
  fromStatus: RequestStatus | null;

  @Field(() => RequestStatus, { nullable: true })
  @Column({ name: 'to_status', type: 'text', nullable: true })
  toStatus: RequestStatus | null;

  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
