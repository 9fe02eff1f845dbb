import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export enum LiveStatus {
  Upcoming = 'Upcoming',
  Live = 'Live',
  Ended = 'Ended',
}
registerEnumType(LiveStatus, { name: 'LiveStatus', description: 'From the clock at the time of the request: before the start, until the end, after it' });

/** The id of the one stream row: there is one live page, so at most one stream is set at a time. */
export const THE_STREAM = 1;

/**
 * The service streamed on the live page: a YouTube video or an HLS stream, when it runs, and what it is part of.
 * Its status is not stored: it follows from the clock (`LiveStreamResolver.status`).
 */
@ObjectType()
@Entity('live_streams')
export class LiveStream {
  @PrimaryColumn({ type: 'integer', default: THE_STREAM })
  id: number;

  @Field()
  @Column({ length: 200 })
  title: string;

  @Field(() => GraphQLISODateTime)
  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Field(() => GraphQLISODateTime)
  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  @Field(() => String, { nullable: true, description: 'The YouTube video id' })
  @Column({ type: 'varchar', length: 11, nullable: true })
  video: string | null;

  @Field(() => String, { nullable: true, description: 'An https HLS playlist (.m3u8)' })
  @Column({ name: 'hls_url', type: 'varchar', length: 500, nullable: true })
  hlsUrl: string | null;

  @Field(() => String, { nullable: true, description: 'http(s), or a path on this site' })
  @Column({ name: 'service_sheet_url', type: 'varchar', length: 500, nullable: true })
  serviceSheetUrl: string | null;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'series_id', type: 'integer', nullable: true })
  seriesId: number | null;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'speaker_id', type: 'integer', nullable: true })
  speakerId: number | null;

  /** The program whose occurrence is streamed, when it was set from one. */
  @Column({ name: 'post_id', type: 'integer', nullable: true })
  postId: number | null;

  @Field(() => ID, { nullable: true, description: 'The sermon made of this stream (liveStreamToSermon)' })
  @Column({ name: 'sermon_id', type: 'integer', nullable: true })
  sermonId: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The next service of the weekly schedule, in the site settings. */
@ObjectType()
export class NextService {
  @Field()
  name: string;

  @Field(() => GraphQLISODateTime)
  startsAt: Date;
}
