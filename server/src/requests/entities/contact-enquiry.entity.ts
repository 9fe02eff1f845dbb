import { Field, ObjectType } from '@nestjs/graphql';
import { CONTACT_REASONS } from '@ministry/shared';
import { Column, Entity, Index } from 'typeorm';
import { ContactableRequestRecord } from './request-record.js';

/** A message sent through the contact page. */
@ObjectType()
@Entity('contact_enquiries')
@Index('IDX_contact_enquiries_created_at', ['createdAt'])
@Index('IDX_contact_enquiries_status_created_at', ['status', 'createdAt'])
export class ContactEnquiry extends ContactableRequestRecord {
  @Field({ description: `One of ${CONTACT_REASONS.join(', ')}` })
  @Column({ length: 20 })
  reason: string;

  /** Plain text as the sender wrote it (markup included); every client renders it as text. */
  @Field()
  @Column({ length: 5000 })
  message: string;
}
