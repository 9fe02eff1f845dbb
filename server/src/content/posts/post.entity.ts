import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export enum PostStatus {
  Authorised = 'Authorised',
  UnAuthorised = 'UnAuthorised',
}
registerEnumType(PostStatus, { name: 'PostStatus', description: 'Only Authorised testimonies are public.' });

/** Who wrote a post, as the public may see it: never an e-mail or phone number. */
@ObjectType()
export class PostAuthor {
  @Field(() => ID)
  id: number;

  @Field()
  title: string;

  @Field()
  firstname: string;

  @Field()
  lastname: string;
}

/** A blog post, program (category 1) or testimony (category 2). The body is sanitised HTML. */
@ObjectType()
@Entity('posts')
@Index('IDX_posts_category_id_created_at', ['categoryId', 'createdAt', 'id'])
export class Post {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 200 })
  name: string;

  /** Set once from the first name, so shared links keep working after a rename. */
  @Field()
  @Index('IDX_posts_slug', { unique: true })
  @Column({ length: 120 })
  slug: string;

  @Field()
  @Column({ type: 'text' })
  body: string;

  @Field({ description: 'Plain text from the start of the body, for lists' })
  @Column({ length: 300, default: '' })
  excerpt: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  @Field(() => ID)
  @Column({ name: 'category_id', type: 'integer' })
  categoryId: number;

  @Field(() => ID, { nullable: true })
  @Index('IDX_posts_author_id')
  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  @Field(() => PostStatus)
  @Index('IDX_posts_status')
  @Column({ type: 'varchar', length: 12, default: PostStatus.Authorised })
  status: PostStatus;

  @Field()
  @Index('IDX_posts_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
