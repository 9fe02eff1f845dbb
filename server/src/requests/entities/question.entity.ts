import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { RequestRecord } from './request-record.js';

/** A question of faith sent from the ask-a-question page. */
@ObjectType()
@Entity('questions')
@Index('IDX_questions_created_at', ['createdAt'])
@Index('IDX_questions_status_created_at', ['status', 'createdAt'])
export class Question extends RequestRecord {
  @Field()
  @Column({ length: 254 })
  email: string;

  @Field()
  @Column({ length: 5000 })
  question: string;
}
