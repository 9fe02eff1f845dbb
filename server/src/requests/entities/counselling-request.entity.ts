import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { RequestRecord } from './request-record.js';

/** A request for counselling. */
@ObjectType()
@Entity('counselling_requests')
@Index('IDX_counselling_requests_created_at', ['createdAt'])
@Index('IDX_counselling_requests_status_created_at', ['status', 'createdAt'])
export class CounsellingRequest extends RequestRecord {
  @Field()
  @Column({ length: 100 })
  name: string;

  @Field()
  @Column({ length: 254 })
  email: string;

  @Field()
  @Column({ length: 40 })
  phone: string;

  @Field()
  @Column({ length: 5000 })
  description: string;
}
