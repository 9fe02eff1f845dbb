import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { SiteImage } from './site-image.entity.js';

/** A picture of the home page's hero slider (designed for 1500x400), shown in `position` order. */
@ObjectType()
@Entity('slider_images')
export class SliderImage extends SiteImage {
  @Field()
  @Column({ length: 200, default: '' })
  title: string;

  @Field(() => Int)
  @Index('IDX_slider_images_position')
  @Column({ type: 'integer', default: 0 })
  position: number;
}
