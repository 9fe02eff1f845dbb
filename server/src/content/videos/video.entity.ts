import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Passage } from '@ministry/shared/passages';
import type { SermonSeries } from '../sermons/sermon-series.entity.js';
import type { Speaker } from '../sermons/speaker.entity.js';

/** bigint comes from node-postgres as a string; an audio file's length fits a double exactly. */
const bigintAsNumber = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

/**
 * A video message hosted on YouTube, with a poster of our own so pages make no request to YouTube. A sermon is one:
 * its series, speaker, passages and audio for the podcast.
 */
@ObjectType()
@Entity('videos')
export class Video {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Index('IDX_videos_title')
  @Column({ length: 200 })
  title: string;

  @Field({ description: 'The YouTube video id' })
  @Column({ length: 11 })
  video: string;

  @Field(() => String, { nullable: true, description: 'A local poster image URL' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  poster: string | null;

  @Field(() => ID, { nullable: true, description: 'The mailing list its publication is e-mailed to, once' })
  @Column({ name: 'announce_list_id', type: 'integer', nullable: true })
  announceListId: number | null;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'series_id', type: 'integer', nullable: true })
  seriesId: number | null;

  @Field(() => ID, { nullable: true })
  @Column({ name: 'speaker_id', type: 'integer', nullable: true })
  speakerId: number | null;

  /** Read with the row (`VideosService.withJoins`); undefined when it was not, null when there is none. */
  series?: SermonSeries | null;
  speaker?: Speaker | null;

  /** Labels and verse ranges; GraphQL answers the labels (`passages` resolver). */
  @Column({ name: 'passages', type: 'jsonb', default: () => "'[]'" })
  passageRanges: Passage[];

  @Field(() => String, { nullable: true, description: 'The day it was preached, YYYY-MM-DD' })
  @Column({ name: 'preached_on', type: 'date', nullable: true })
  preachedOn: string | null;

  @Field(() => String, { nullable: true, description: 'Plain text' })
  @Column({ type: 'text', nullable: true })
  summary: string | null;

  @Field(() => String, { nullable: true, description: 'The URL of an MP3 or M4A uploaded with POST /api/uploads (field audio)' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  audio: string | null;

  @Field(() => Float, { nullable: true, description: "The audio file's length in bytes" })
  @Column({ name: 'audio_bytes', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  audioBytes: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ name: 'audio_duration_seconds', type: 'integer', nullable: true })
  audioDurationSeconds: number | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'audio_mime_type', type: 'varchar', length: 40, nullable: true })
  audioMimeType: string | null;

  @Field(() => String, { nullable: true, description: 'WebVTT or plain text' })
  @Column({ type: 'text', nullable: true })
  transcript: string | null;

  @Field(() => String, { nullable: true, description: 'JSON chapters (podcast namespace, version 1.2.0)' })
  @Column({ type: 'text', nullable: true })
  chapters: string | null;

  @Field({ description: 'Published to the podcast feed (needs audio)' })
  @Column({ name: 'in_podcast', type: 'boolean', default: false })
  inPodcast: boolean;

  @Field({ description: "The podcast episode's GUID: made once, never changed by an edit" })
  @Column({ name: 'podcast_guid', type: 'uuid', update: false })
  podcastGuid: string;

  @Field(() => Int, { nullable: true, description: 'Numbered when first published to the podcast' })
  @Column({ type: 'integer', nullable: true })
  episode: number | null;

  @Field()
  @Index('IDX_videos_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
