import { Field, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A successful sign-in, kept for the member's own record (their data export) and deleted by the retention job. */
@ObjectType()
@Entity('sign_ins')
@Index('IDX_sign_ins_user_id_at', ['userId', 'at'])
export class SignIn {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id' })
  userId: number;

  @Field()
  @Index('IDX_sign_ins_at')
  @CreateDateColumn({ type: 'timestamptz' })
  at: Date;

  @Field({ description: 'The network address it came from' })
  @Column({ type: 'text' })
  address: string;
}
