import { Field, Float, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A book of the shop. The price is kept in whole pence and answered in pounds (`12.5`). */
@ObjectType()
@Entity('books')
export class Book {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Index('IDX_books_title')
  @Column({ length: 200 })
  title: string;

  @Column({ name: 'price_pence', type: 'integer' })
  pricePence: number;

  @Field(() => Float, { description: 'Price in pounds, e.g. 12.5' })
  get price(): number {
    return this.pricePence / 100;
  }

  @Field()
  @Column({ length: 3, default: 'GBP' })
  currency: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  @Field()
  @Column({ type: 'text', default: '' })
  description: string;

  @Field()
  @Index('IDX_books_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
