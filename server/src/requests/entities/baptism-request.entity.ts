import { ObjectType } from '@nestjs/graphql';
import { Entity, Index } from 'typeorm';
import { ContactableRequestRecord } from './request-record.js';

/** A request to be baptised. */
@ObjectType()
@Entity('baptism_requests')
@Index('IDX_baptism_requests_created_at', ['createdAt'])
@Index('IDX_baptism_requests_status_created_at', ['status', 'createdAt'])
export class BaptismRequest extends ContactableRequestRecord {}
