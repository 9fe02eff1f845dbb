import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Upload } from '../../media/index.js';

/** A run of sermons preached together, e.g. on one book or theme; its slug is made once from the title. */
@ObjectType()
@Entity('sermon_series')
export class SermonSeries {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 200 })
  title: string;

  @Field()
  @Index('IDX_sermon_series_slug', { unique: true })
  @Column({ length: 220 })
  slug: string;

  @Field()
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  /** Read with the row by `joinImageUpload`. */
  upload?: Upload | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Column({ name: 'started_at', type: 'date', nullable: true })
  startedAt: string | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
