import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A single-use link proving that whoever holds it reads mail at `email`. It names the address it was sent to,
 * so a link mailed before the account's address changed cannot vouch for the new one. Only its SHA-256 is stored.
 */
@Entity('email_verification_tokens')
export class EmailVerificationToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_email_verification_tokens_user_id')
  @Column({ name: 'user_id' })
  userId: number;

  @Column({ length: 254 })
  email: string;

  @Index('IDX_email_verification_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
