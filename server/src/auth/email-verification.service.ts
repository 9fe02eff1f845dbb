import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { AuditService } from '../audit/index.js';
import { AppError } from '../common/app-error.js';
import { RateLimitService } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { emailChangedMail, emailConfirmationMail, MailService } from '../mail/index.js';
import type { ChangeEmailArgs } from './dto/auth.args.js';
import { EmailVerificationToken } from './entities/email-verification-token.entity.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { User } from './entities/user.entity.js';
import { hashLinkToken, newLinkToken } from './link-token.js';
import { recheckPassword } from './password.js';

const CONFIRMATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Links a member may ask for (again, or for a new address) in an hour; the one sent on registration is not counted. */
export const CONFIRMATION_MAILS_PER_ACCOUNT = { limit: 3, windowSeconds: 60 * 60 };
const INVALID_LINK = 'This confirmation link is not valid or has expired. Please sign in and ask for a new one.';
const ADDRESS_TAKEN = 'An account with this e-mail address already exists';
const OWNER_PASSWORD_NEEDED = 'Enter the password of the account this address is being confirmed for';
const WRONG_PASSWORD = 'The password is not correct';
const UNIQUE_VIOLATION = '23505';

/**
 * Proof that a member reads mail at their address, with the password reset's kind of link: random, stored hashed,
 * single-use, expiring. A new address is kept aside (`pendingEmail`) and replaces the old one only when its own
 * link is opened, so a typo or a stolen session cannot move the account to an address nobody proved.
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly limits: RateLimitService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The first link, sent as the account is created. A failure to queue it is logged and the member can ask again. */
  async sendAfterRegistration(user: User): Promise<void> {
    try {
      await this.sendLink(user, user.email);
    } catch (error) {
      this.logger.warn(`could not queue the confirmation link of account ${user.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Sends a new link to the address waiting for confirmation: the new one when a change is pending, else the account's. */
  async resend(caller: AuthUser): Promise<void> {
    const user = await this.users.findOneByOrFail({ id: caller.id });
    if (!user.pendingEmail && user.emailVerified) throw AppError.badInput('email', 'Your e-mail address is already confirmed');
    await this.limits.consume(`email-confirmation:${user.id}`, CONFIRMATION_MAILS_PER_ACCOUNT.limit, CONFIRMATION_MAILS_PER_ACCOUNT.windowSeconds);
    await this.sendLink(user, user.pendingEmail ?? user.email);
  }

  /** Keeps a new address aside and mails it a link; the account keeps its address until the link is opened. */
  async requestChange(caller: AuthUser, { email, password }: ChangeEmailArgs): Promise<User> {
    const user = await this.users.findOne({ where: { id: caller.id }, select: { id: true, passwordHash: true } });
    if (!(await recheckPassword(this.limits, caller.id, user?.passwordHash, password))) throw AppError.badInput('password', WRONG_PASSWORD);
    const current = await this.users.findOneByOrFail({ id: caller.id });
    if (email === current.email) throw AppError.badInput('email', 'This is already your e-mail address');
    // Counted before the look-up: the answer tells whether an address has an account, so it is not free to ask.
    await this.limits.consume(`email-confirmation:${current.id}`, CONFIRMATION_MAILS_PER_ACCOUNT.limit, CONFIRMATION_MAILS_PER_ACCOUNT.windowSeconds);
    if (await this.users.existsBy({ email })) throw new AppError('CONFLICT', ADDRESS_TAKEN, 'email');
    await this.users.update({ id: current.id }, { pendingEmail: email });
    const updated = await this.users.findOneByOrFail({ id: current.id });
    await this.sendLink(updated, email);
    return updated;
  }

  /**
   * Opens a link: the address it was sent to becomes the account's verified address. A link for an address the
   * account no longer has or waits for (replaced since) is refused like a used or expired one.
   *
   * Whoever reads the mail is not always the account's owner: someone may register a stranger's address, and the
   * stranger pressing the button would hand them her forms (a member's data includes those sent with a verified
   * address). So the link confirms only for its account's owner, signed in as them or giving their password
   * (checked as a signed-in password check is, so the link is no way to guess it); otherwise it is left unused.
   * Opened again once it did its work (a double click), it answers as it did.
   */
  async confirm(rawToken: string, proof: { caller?: AuthUser; password?: string }): Promise<void> {
    const tokenHash = hashLinkToken(rawToken);
    const link = await this.dataSource.manager.findOneBy(EmailVerificationToken, { tokenHash });
    const owner = link && (await this.users.findOne({ where: { id: link.userId }, select: { id: true, email: true, pendingEmail: true, emailVerified: true, passwordHash: true } }));
    if (!link || !owner) throw AppError.badInput('token', INVALID_LINK);
    if (alreadyConfirmed(link, owner)) return;
    if (link.usedAt || link.expiresAt <= new Date() || (link.email !== owner.email && link.email !== owner.pendingEmail)) throw AppError.badInput('token', INVALID_LINK);
    if (proof.caller?.id !== owner.id) {
      if (!proof.password) throw AppError.badInput('password', OWNER_PASSWORD_NEEDED);
      if (!(await recheckPassword(this.limits, owner.id, owner.passwordHash, proof.password))) throw AppError.badInput('password', WRONG_PASSWORD);
    }

    const previous = await this.dataSource.transaction(async (manager) => {
      const token = await manager.findOne(EmailVerificationToken, {
        where: { tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      const user = await manager.findOne(User, { where: { id: owner.id }, lock: { mode: 'pessimistic_write' } });
      // Opened twice at once: the other request has just confirmed it.
      if (!token && user && alreadyConfirmed((await manager.findOneBy(EmailVerificationToken, { tokenHash })) ?? link, user)) return undefined;
      if (!token || !user || (token.email !== user.email && token.email !== user.pendingEmail)) throw AppError.badInput('token', INVALID_LINK);
      await manager.update(EmailVerificationToken, { userId: user.id, email: token.email, usedAt: IsNull() }, { usedAt: new Date() });
      const confirmed = { emailVerified: true, emailVerifiedAt: new Date() };
      if (token.email === user.email) {
        if (!user.emailVerified) await manager.update(User, { id: user.id }, confirmed);
        return undefined;
      }
      // Someone may have registered the address since the change was asked for, or be registering it now: then the
      // unique index refuses the move, and that is the same answer.
      const taken = () => new AppError('CONFLICT', ADDRESS_TAKEN, 'token');
      if (await manager.existsBy(User, { email: token.email })) throw taken();
      await manager.update(User, { id: user.id }, { ...confirmed, email: token.email, pendingEmail: null }).catch((error: unknown) => {
        throw (error as { code?: string }).code === UNIQUE_VIOLATION ? taken() : (error as Error);
      });
      // Reset links went to the old address: whoever still reads it must not take the account back with one.
      await manager.update(PasswordResetToken, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      return user;
    });
    if (previous) await this.mail.queue(emailChangedMail(previous.email, previous.firstname, this.config.publicUrl));
  }

  /** Staff vouch for the address (the owner showed it to them); the trail records who did. */
  async markVerified(id: number, by: { actor: AuthUser; address: string }): Promise<User> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw AppError.notFound('The member');
      if (user.emailVerified) return user;
      await manager.update(User, { id }, { emailVerified: true, emailVerifiedAt: new Date() });
      await this.audit.record(by.actor, by.address, { action: 'email.mark-verified', recordKind: 'User', recordIds: [String(id)] }, manager);
      return manager.findOneByOrFail(User, { id });
    });
  }

  private async sendLink(user: Pick<User, 'id' | 'firstname'>, email: string): Promise<void> {
    const { token, tokenHash } = newLinkToken();
    await this.users.manager.insert(EmailVerificationToken, { userId: user.id, email, tokenHash, expiresAt: new Date(Date.now() + CONFIRMATION_LINK_TTL_MS) });
    const link = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.mail.queue(emailConfirmationMail(email, user.firstname, link));
  }
}

/** The link did its work and the account still has that address, confirmed: opening it again changes nothing. */
function alreadyConfirmed(link: Pick<EmailVerificationToken, 'usedAt' | 'email'>, user: Pick<User, 'email' | 'emailVerified'>): boolean {
  return !!link.usedAt && link.email === user.email && user.emailVerified;
}
