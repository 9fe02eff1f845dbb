import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Categories 1, 2 and 3 are fixed by the spec; content staff may add more. */
export const CATEGORY = { programs: 1, testimonies: 2, blog: 3 } as const;
export const FIXED_CATEGORY_IDS: number[] = Object.values(CATEGORY);

@ObjectType()
@Entity('post_categories')
export class PostCategory {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Index('IDX_post_categories_name', { unique: true })
  @Column({ length: 100 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
