import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { User } from '../../auth/index.js';
import { PrayerPrivacy, PrayerWallName, PrayerWallStatus } from '../prayer-privacy.js';
import { RequestRecord } from './request-record.js';

/** A member's prayer request: that member and pastors read it, the prayer team and the wall only as the member chose. */
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

  @Field(() => PrayerPrivacy)
  @Column({ type: 'text', default: PrayerPrivacy.PastorsOnly })
  privacy: PrayerPrivacy;

  @Field(() => PrayerWallName, { nullable: true, description: 'How the wall names the member; set for PrayerWall.' })
  @Column({ name: 'wall_name', type: 'text', nullable: true })
  wallName: PrayerWallName | null;

  @Field(() => PrayerWallStatus)
  @Column({ name: 'wall_status', type: 'text', default: PrayerWallStatus.NotRequested })
  wallStatus: PrayerWallStatus;

  @Field(() => Int, { description: 'How many times someone said "I prayed" (once a day each).' })
  @Column({ name: 'prayed_count', default: 0 })
  prayedCount: number;

  @Field({ description: 'When it leaves the prayer team and the wall, unless the member renews it.' })
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Joined by the legacy list only; GraphQL resolves `user` through a DataLoader. */
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}

/** A reply staff sent to the member, as the member reads it. */
@ObjectType()
export class PrayerReply {
  @Field()
  body: string;

  @Field()
  createdAt: Date;
}

/** The member behind a prayer request, as staff see it: no e-mail or phone; the place only to pastoral staff. */
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
