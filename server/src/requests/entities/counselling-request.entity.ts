import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { ContactableRequestRecord } from './request-record.js';

/** A request for counselling. */
@ObjectType()
@Entity('counselling_requests')
@Index('IDX_counselling_requests_created_at', ['createdAt'])
@Index('IDX_counselling_requests_status_created_at', ['status', 'createdAt'])
export class CounsellingRequest extends ContactableRequestRecord {
  @Field()
  @Column({ length: 5000 })
  description: string;
}
