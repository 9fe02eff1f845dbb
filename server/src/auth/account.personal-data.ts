import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ROLE } from '../access/permissions.js';
import { AppError } from '../common/app-error.js';
import { emailKeyPart } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';
import { keepAnotherAdmin } from './last-admin.js';
import { hashPassword } from './password.js';

/**
 * The address whose records belong with an account: its own, once verified. Anyone can type any address into a
 * form, so until the owner proves the address is theirs, what was sent with it is neither exported nor erased with the account.
 */
export async function provenEmailOf(manager: EntityManager, userId: number): Promise<string | null> {
  const [user] = await manager.query<{ email: string; email_verified: boolean }[]>('SELECT email, email_verified FROM users WHERE id = $1', [userId]);
  return user?.email_verified ? user.email : null;
}

/**
 * The first step of an account's erasure, inside its transaction: answers whose data goes, or throws `refusal`
 * for the last Admin. The confirmation links go first (opening one locks it, then the account): one opened at
 * this moment has either confirmed the address already, and the read below sees it, or finds no link. Which
 * records go is decided by the account as it is now, not as it was before the password was checked.
 */
export async function lockAccountForErasure(manager: EntityManager, userId: number, refusal: () => AppError): Promise<DataSubject & { email: string }> {
  await manager.query(`DELETE FROM email_verification_tokens WHERE user_id = $1`, [userId]);
  await keepAnotherAdmin(manager, userId, refusal);
  const [account] = await manager.query<{ email: string; proven: boolean; erased: boolean }[]>(
    `SELECT email, email_verified AS proven, erased_at IS NOT NULL AS erased FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  // A second erasure asked at the same moment waited for this lock: the account it would erase is gone.
  if (account.erased) throw AppError.unauthenticated();
  return { userId, email: account.email, provenEmail: account.proven ? account.email : null };
}

/** The account itself, its sign-ins and its links: the profile and sign-in sections of the export. */
@PersonalDataSource()
@Injectable()
export class AccountPersonalData implements PersonalDataContribution {
  readonly tables = ['users', 'sign_ins', 'password_reset_tokens', 'email_verification_tokens', 'rate_limit_counter'];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  uses() {
    return [
      {
        record: 'Your account and sign-ins',
        purposes: ['to let you sign in, and see and change what we hold about you', 'to keep your account safe: you and we can see when and from where it was used'],
        recipients: ['Our e-mail provider, which delivers the links to confirm your address or reset your password'],
      },
    ];
  }

  async export({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return { profile: null, signIns: [] };
    const [profile] = await manager.query<Record<string, unknown>[]>(
      `SELECT id, title, firstname, lastname, gender, marital_status AS "maritalStatus", phone, email, email_verified AS "emailVerified",
              email_verified_at AS "emailVerifiedAt", pending_email AS "pendingEmail", country, state, city, address, role, created_at AS "createdAt", last_sign_in_at AS "lastSignInAt" FROM users WHERE id = $1`,
      [userId],
    );
    const signIns = await manager.query<Record<string, unknown>[]>(`SELECT at, address FROM sign_ins WHERE user_id = $1 ORDER BY at DESC, id DESC`, [userId]);
    return { profile: profile ?? null, signIns };
  }

  /**
   * The account row stays (donations and orders point at it) as "Former member" with an address that reaches
   * nobody and a password nobody knows; every token ends. Its links, sign-ins and rate-limit counters go.
   */
  async erase({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return;
    const unusable = await hashPassword(randomBytes(32).toString('hex'));
    const [account] = await manager.query<{ email: string }[]>(`SELECT email FROM users WHERE id = $1`, [userId]);
    await manager.query(`DELETE FROM email_verification_tokens WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM sign_ins WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM rate_limit_counter WHERE strpos(key, $1) > 0`, [emailKeyPart(account.email)]);
    await manager.query(
      `UPDATE users SET email = $2, title = '', firstname = 'Former', lastname = 'member', gender = '', marital_status = '', phone = '',
              country = '', state = '', city = '', address = '', role = $4, password_hash = $3,
              email_verified = false, email_verified_at = NULL, pending_email = NULL,
              token_version = token_version + 1, erased_at = now(), updated_at = now()
        WHERE id = $1`,
      [userId, `erased-${userId}@erased.invalid`, unusable, ROLE.Member],
    );
  }

  retention() {
    return {
      rank: 20,
      rules: [
        {
          record: 'Member accounts (your profile)',
          period: 'Until you delete your account',
          action: 'Erased: name, contact details and password removed; an empty placeholder stays where gifts and orders kept for the accounts point',
        },
        { record: 'Sign-in history', period: `${this.config.retention.signInsDays} days`, action: 'Deleted' },
        { record: 'Links sent to confirm an e-mail address or reset a password', period: 'Once used, or once expired (24 hours; 1 hour for a reset)', action: 'Deleted' },
        { record: 'A new e-mail address waiting for confirmation', period: 'Once no link can confirm it (24 hours after the last one was sent)', action: 'Deleted' },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const done: string[] = [];
    const [, signIns] = await manager.query<[unknown, number]>(`DELETE FROM sign_ins WHERE at < $1::timestamptz - make_interval(days => $2)`, [now, this.config.retention.signInsDays]);
    if (signIns) done.push(`${signIns} sign-ins deleted`);
    // A new address typed in for a change is kept only while a link can still confirm it: it may be anyone's.
    const [, pending] = await manager.query<[unknown, number]>(
      `UPDATE users u SET pending_email = NULL, updated_at = now() WHERE u.pending_email IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM email_verification_tokens v WHERE v.user_id = u.id AND v.email = u.pending_email AND v.used_at IS NULL AND v.expires_at >= $1)`,
      [now],
    );
    if (pending) done.push(`${pending} unconfirmed new addresses forgotten`);
    let links = 0;
    for (const table of ['email_verification_tokens', 'password_reset_tokens']) {
      const [, deleted] = await manager.query<[unknown, number]>(`DELETE FROM ${table} WHERE used_at IS NOT NULL OR expires_at < $1`, [now]);
      links += deleted;
    }
    if (links) done.push(`${links} used or expired links forgotten`);
    return { done };
  }
}
