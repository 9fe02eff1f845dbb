import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Upload } from '../../media/index.js';

/** Someone who preaches; public, as their sermons are. */
@ObjectType()
@Entity('speakers')
export class Speaker {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Index('IDX_speakers_name')
  @Column({ length: 200 })
  name: string;

  @Field()
  @Index('IDX_speakers_slug', { unique: true })
  @Column({ length: 220 })
  slug: string;

  @Field()
  @Column({ type: 'text', default: '' })
  bio: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  /** Read with the row by `joinImageUpload`. */
  upload?: Upload | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
