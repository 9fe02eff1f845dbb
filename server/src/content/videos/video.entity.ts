import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A video message hosted on YouTube, with a poster of our own so pages make no request to YouTube. */
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

  @Field()
  @Index('IDX_videos_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
