import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { User } from '../../auth/entities/user.entity.js';
import { RequestRecord } from './request-record.js';

/** A member's prayer request; only that member and admins may read it. */
@ObjectType()
@Entity('prayer_requests')
@Index('IDX_prayer_requests_created_at', ['createdAt'])
@Index('IDX_prayer_requests_status_created_at', ['status', 'createdAt'])
@Index('IDX_prayer_requests_user_id_created_at', ['userId', 'createdAt'])
export class PrayerRequest extends RequestRecord {
  @Field()
  @Column({ length: 200 })
  title: string;

  @Field()
  @Column({ length: 5000 })
  body: string;

  @Field(() => ID)
  @Column({ name: 'user_id' })
  userId: number;

  /** Joined by the legacy list only; GraphQL resolves `user` through a DataLoader. */
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}

/** The member behind a prayer request, as staff see it: no e-mail, phone or address. */
@ObjectType()
export class PrayerRequestUser {
  @Field(() => ID)
  id: number;

  @Field()
  title: string;

  @Field()
  firstname: string;

  @Field()
  lastname: string;

  @Field()
  country: string;

  @Field()
  state: string;

  @Field()
  city: string;
}
