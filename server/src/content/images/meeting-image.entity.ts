import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity } from 'typeorm';
import { SiteImage } from './site-image.entity.js';

/** The online meeting (Zoom) banner. Visitors learn that a meeting exists; only signed-in callers get its password. */
@ObjectType()
@Entity('meeting_images')
export class MeetingImage extends SiteImage {
  @Field()
  @Column({ name: 'zoom_id', length: 50 })
  zoomId: string;

  @Field(() => String, { nullable: true, description: 'Null for visitors' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  password: string | null;
}
