import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { keepAnotherAdmin } from '../access/last-admin.js';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../auth/entities/user.entity.js';
import { hashPassword, recheckPassword } from '../auth/password.js';
import { AppError } from '../common/app-error.js';
import { RegularDonationService } from '../commerce/regular-donations/regular-donation.service.js';
import { emailKeyPart, RateLimitService } from '../common/rate-limit.js';
import { MailService } from '../mail/mail.service.js';
import { FORM_TABLES, readPersonalData, verifiedEmailOf, type PersonalData } from './personal-data.js';

/** Who asked, from where: every export and erasure is on the audit trail. */
export interface Requester {
  actor: AuthUser;
  address: string;
}

/**
 * The rights of the people whose data the church holds: a copy of it (their own, or any address's for an Admin
 * answering a subject access request), and erasure. Erasure keeps what the law makes the charity keep (donations
 * and orders for the accounts, without the person) and removes or replaces everything else, in one transaction.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger('Privacy');

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    private readonly regularGifts: RegularDonationService,
  ) {}

  async ownData({ actor, address }: Requester): Promise<PersonalData> {
    const manager = this.dataSource.manager;
    const data = await readPersonalData(manager, actor.id, await verifiedEmailOf(manager, actor.id));
    await this.audit.record(actor, address, { action: 'export.own-data', recordKind: 'User', recordIds: [String(actor.id)] });
    return data;
  }

  /** Everything held about an e-mail address: the account's data when there is one, and the forms sent with it. */
  async subjectAccess(email: string, { actor, address }: Requester): Promise<PersonalData> {
    const member = await this.dataSource.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
    const data = await readPersonalData(this.dataSource.manager, member?.id ?? null, email.trim());
    await this.audit.record(actor, address, {
      action: 'export.subject-access',
      recordKind: member ? 'User' : null,
      recordIds: member ? [String(member.id)] : [],
      detail: `${member ? 'a member account and ' : ''}${data.formsSent.length} form record(s)`,
    });
    return data;
  }

  /** Deletes the forms sent with an address (a visitor's erasure request); answers how many went. */
  async eraseVisitor(email: string, { actor, address }: Requester): Promise<number> {
    const erased = await this.dataSource.transaction(async (manager) => {
      const count = await this.eraseForms(manager, email);
      await this.audit.record(actor, address, { action: 'visitor.erase', detail: `${count} form record(s) deleted` }, manager);
      return count;
    });
    await this.mail.forget(email.trim());
    return erased;
  }

  /** The member erases their own account after giving their password again. */
  async eraseOwnAccount(password: string, { actor, address }: Requester): Promise<void> {
    const users = this.dataSource.getRepository(User);
    const user = await users.findOne({ where: { id: actor.id }, select: { id: true, firstname: true, passwordHash: true } });
    if (!user || !(await recheckPassword(this.limits, actor.id, user.passwordHash, password))) throw AppError.badInput('password', 'The password is not correct');
    const lastAdmin = () => AppError.badInput('password', 'The last Admin cannot delete their account: make someone else Admin first');
    // Refused before anything is stopped, so a refused erasure leaves the member's monthly gifts running.
    await this.dataSource.transaction((manager) => keepAnotherAdmin(manager, user.id, lastAdmin));
    // Then, outside the erasure: a gift PayPal could not stop leaves the account as it is.
    await this.regularGifts.cancelAllBeforeErasure(actor);
    const unusable = await hashPassword(randomBytes(32).toString('hex'));
    const { email, proven } = await this.dataSource.transaction(async (manager) => {
      // The confirmation links go first (opening one locks it, then the account): one opened at this moment has
      // either confirmed the address already, and the read below sees it, or finds no link. Which forms go is
      // decided by the account as it is now, not as it was before the password was checked.
      await manager.query(`DELETE FROM email_verification_tokens WHERE user_id = $1`, [user.id]);
      await keepAnotherAdmin(manager, user.id, lastAdmin);
      const [account] = await manager.query<{ email: string; proven: boolean }[]>(`SELECT email, email_verified AS proven FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      await this.audit.record(actor, address, { action: 'account.erase', recordKind: 'User', recordIds: [String(user.id)] }, manager);
      await manager.query(`DELETE FROM prayer_requests WHERE user_id = $1`, [user.id]);
      // Published testimonies stay only while their consent stands, and no longer name anyone.
      await manager.query(
        `DELETE FROM posts p WHERE p.author_id = $1 AND p.category_id = 2
           AND (p.status <> 'Authorised' OR NOT EXISTS (SELECT 1 FROM consents c WHERE c.post_id = p.id AND c.withdrawn_at IS NULL))`,
        [user.id],
      );
      await manager.query(`UPDATE posts SET display_name = 'Anonymous' WHERE author_id = $1 AND category_id = 2`, [user.id]);
      // Forms sent with an address the member never proved may be someone else's: they stay with the church.
      if (account.proven) await this.eraseForms(manager, account.email);
      await manager.query(`UPDATE book_orders SET delivery_address = '' WHERE user_id = $1`, [user.id]);
      await manager.query(`DELETE FROM sign_ins WHERE user_id = $1`, [user.id]);
      await manager.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [user.id]);
      await manager.query(`DELETE FROM rate_limit_counter WHERE strpos(key, $1) > 0`, [emailKeyPart(account.email)]);
      await manager.query(
        `UPDATE users SET email = $2, title = '', firstname = 'Former', lastname = 'member', gender = '', marital_status = '', phone = '',
                country = '', state = '', city = '', address = '', role = 'Member', password_hash = $3,
                email_verified = false, email_verified_at = NULL, pending_email = NULL,
                token_version = token_version + 1, erased_at = now(), updated_at = now()
          WHERE id = $1`,
        [user.id, `erased-${user.id}@erased.invalid`, unusable],
      );
      return account;
    });
    // Mail to an unproved address may be a visitor's (the acknowledgement of a form, a pastor's reply): it stays too.
    if (proven) await this.mail.forget(email);
    this.logger.log(`account ${user.id} erased at its owner's request`);
    // Sent now, not queued: a queued message would keep the address in the database until it is sent.
    await this.mail
      .deliver({
        to: email,
        subject: 'Your account has been deleted',
        text: [`Dear ${user.firstname},`, '', 'As you asked, your account and the personal data it held have been deleted.', 'Records of gifts are kept for the accounts without your name, as the law requires.', '', 'God bless you.'].join('\n'),
      })
      .catch((error: Error) => this.logger.warn(`could not send the erasure confirmation for account ${user.id}: ${error.message}`));
  }

  private async eraseForms(manager: EntityManager, email: string): Promise<number> {
    let count = 0;
    for (const table of Object.keys(FORM_TABLES)) {
      const [, deleted] = await manager.query<[unknown, number]>(`DELETE FROM ${table} WHERE lower(email) = lower($1)`, [email.trim()]);
      count += deleted;
    }
    return count;
  }
}
