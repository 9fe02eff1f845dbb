import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { RequestRecord } from './request-record.js';

/** A request to be baptised. */
@ObjectType()
@Entity('baptism_requests')
@Index('IDX_baptism_requests_created_at', ['createdAt'])
@Index('IDX_baptism_requests_status_created_at', ['status', 'createdAt'])
export class BaptismRequest extends RequestRecord {
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
