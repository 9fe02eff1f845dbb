import { Field, ObjectType } from '@nestjs/graphql';
import { Column, Entity } from 'typeorm';
import { SiteImage } from './site-image.entity.js';

/** The picture beside the visit information (designed for 700x800); the newest is shown. */
@ObjectType()
@Entity('visit_images')
export class VisitImage extends SiteImage {
  @Field()
  @Column({ length: 200, default: '' })
  title: string;
}
