import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The online meeting (Zoom) banner. Visitors learn that a meeting exists; only signed-in callers get its password. */
@ObjectType()
@Entity('meeting_images')
export class MeetingImage {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ name: 'zoom_id', length: 50 })
  zoomId: string;

  @Field(() => String, { nullable: true, description: 'Null for visitors' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  password: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
