import { Field, HideField, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ROLE, type Role } from '../../access/permissions.js';

/** A title is any the member writes (Mr, Dr, Sister…); empty when they give none. */
export const TITLE_MAX_LENGTH = 20;
/** The answers registration offers; empty means the member preferred not to say. */
export const GENDERS = ['male', 'female', 'non-binary', 'other'] as const;
export const MARITAL_STATUSES = ['married', 'single', 'divorced', 'widow', 'separated', 'civil'] as const;
/** GraphQL's `Role` enum, from the one list of roles. */
export const UserRole = ROLE;
registerEnumType(UserRole, { name: 'Role' });

/** A member or an admin. The password hash and token version never leave the server. */
@ObjectType()
@Entity('users')
export class User {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ length: 20 })
  title: string;

  @Field()
  @Column({ length: 100 })
  firstname: string;

  @Field()
  @Column({ length: 100 })
  lastname: string;

  @Field()
  @Column({ length: 10 })
  gender: string;

  @Field()
  @Column({ name: 'marital_status', length: 10 })
  marital_status: string;

  @Field()
  @Column({ length: 40 })
  phone: string;

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Field()
  @Index('IDX_users_email', { unique: true })
  @Column({ length: 254 })
  email: string;

  /**
   * Whether the owner has proved the address is theirs (opened the link mailed to it, or staff marked it). Until
   * then, forms anyone sent with this address are neither in the account's export nor touched by its erasure.
   */
  @Field()
  @Column({ name: 'email_verified', default: false })
  emailVerified: boolean;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** A new address waiting for its link to be opened; the account keeps `email` (and signs in with it) until then. */
  @Field(() => String, { nullable: true })
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true })
  pendingEmail: string | null;

  @HideField()
  @Column({ name: 'password_hash', select: false })
  passwordHash: string;

  @Field()
  @Column({ length: 100, default: '' })
  country: string;

  @Field()
  @Column({ length: 100, default: '' })
  state: string;

  @Field()
  @Column({ length: 100, default: '' })
  city: string;

  @Field()
  @Column({ length: 300, default: '' })
  address: string;

  @Field(() => UserRole)
  @Index('IDX_users_role')
  @Column({ type: 'varchar', length: 20, default: ROLE.Member })
  role: Role;

  @HideField()
  @Column({ name: 'token_version', default: 0 })
  tokenVersion: number;

  /** Wrong passwords given for this account since its last successful sign-in. */
  @HideField()
  @Column({ name: 'failed_sign_ins', default: 0 })
  failedSignIns: number;

  @HideField()
  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  @Field()
  @Index('IDX_users_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
