import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { can, ROLE } from '../access/permissions.js';
import { emailKeyPart, RateLimitService } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobQueue } from '../database/job-queue.js';
import { MailService, passwordResetMail, signInAttemptsMail } from '../mail/index.js';
import { MAILING_CHOICES, type MailingChoicesRecorder } from '../common/mailing-choices.js';
import { ChangePasswordArgs, LoginArgs, RegisterArgs, ResetPasswordArgs } from './dto/auth.args.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { SignIn } from './entities/sign-in.entity.js';
import { User } from './entities/user.entity.js';
import { EmailVerificationService } from './email-verification.service.js';
import { hashLinkToken, newLinkToken } from './link-token.js';
import { DUMMY_HASH, hashPassword, recheckPassword, verifyPassword } from './password.js';

export interface JwtPayload {
  sub: number;
  role: string;
  ver: number;
}

export interface SignedIn {
  token: string;
  user: User;
  failedAttemptsSinceLastSignIn: number;
}

export const JWT_ISSUER = 'ministry-platform';
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Sign-in throttling that an attacker cannot turn against the owner: attempts are counted per (account, address)
 * and per address, so guessing from one place is refused there only; failures on one account from many places
 * make each attempt on it wait longer (doubling, capped) and tell the owner, but never lock the account.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 100, windowSeconds: 15 * 60 },
  accountFailures: { slowAfter: 10, windowSeconds: 60 * 60 },
  delayMs: { first: 250, max: 8_000 },
};

/** How long an attempt on an account waits, given its recent failures from anywhere. */
export function signInDelayMs(accountFailures: number): number {
  const over = accountFailures - SIGN_IN_LIMITS.accountFailures.slowAfter;
  return over < 0 ? 0 : Math.min(SIGN_IN_LIMITS.delayMs.first * 2 ** over, SIGN_IN_LIMITS.delayMs.max);
}
const RESET_MAILS_PER_ACCOUNT = { limit: 5, windowSeconds: 60 * 60 };
export const RESET_QUEUE = 'password-reset';
interface ResetRequest {
  email: string;
}

export const NOT_AUTHORISED = 'You are not authorised to access this page';
const BAD_CREDENTIALS = 'The e-mail address or password is not correct';

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(PasswordResetToken) private readonly resetTokens: Repository<PasswordResetToken>,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly limits: RateLimitService,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly verification: EmailVerificationService,
    @Inject(MAILING_CHOICES) private readonly subscriptions: MailingChoicesRecorder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(input: RegisterArgs): Promise<User> {
    const { password, mailingChoices, ...fields } = input;
    await this.subscriptions.checkChoices(mailingChoices);
    if (await this.users.existsBy({ email: fields.email })) {
      throw new AppError('CONFLICT', 'An account with this e-mail address already exists', 'email');
    }
    const optional = { title: fields.title ?? '', gender: fields.gender ?? '', marital_status: fields.marital_status ?? '' };
    const user = this.users.create({ ...fields, ...optional, passwordHash: await hashPassword(password), role: ROLE.Member });
    try {
      await this.users.insert(user);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', 'An account with this e-mail address already exists', 'email');
      }
      throw error;
    }
    this.logger.log(`member ${user.id} registered`);
    await this.verification.sendAfterRegistration(user);
    await this.subscriptions.recordForAccount(user.id, mailingChoices, 'Registration');
    return user;
  }

  /** Checks credentials under the sign-in limits; answers the user, a token and the failures since the last sign-in. */
  async login(input: LoginArgs, ip: string): Promise<SignedIn> {
    const pairKey = `sign-in:pair:${emailKeyPart(input.email)}:${ip}`;
    const addressKey = `sign-in:address:${ip}`;
    const accountKey = `sign-in-failed:account:${emailKeyPart(input.email)}`;
    const { perAccountAndAddress, perAddress, accountFailures } = SIGN_IN_LIMITS;
    const [pairAttempts, addressAttempts] = await this.limits.hitAll([
      { key: pairKey, windowSeconds: perAccountAndAddress.windowSeconds },
      { key: addressKey, windowSeconds: perAddress.windowSeconds },
    ]);
    if (pairAttempts > perAccountAndAddress.limit || addressAttempts > perAddress.limit) throw AppError.tooManyRequests();
    const delay = signInDelayMs(await this.limits.count(accountKey));
    if (delay) await sleep(delay);

    const user = await this.users.findOne({
      where: { email: input.email },
      select: { id: true, email: true, firstname: true, passwordHash: true, failedSignIns: true },
    });
    const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password);
    if (!user || !valid) {
      const failures = await this.limits.hit(accountKey, accountFailures.windowSeconds);
      if (user) {
        await this.users.increment({ id: user.id }, 'failedSignIns', 1);
        if (failures === accountFailures.slowAfter) await this.mail.queue(signInAttemptsMail(user, failures, this.config.publicUrl));
      }
      throw new AppError('UNAUTHENTICATED', BAD_CREDENTIALS, 'password');
    }
    // A right password is not a guess: this address starts afresh on this account.
    await Promise.all([this.limits.reset(pairKey), this.limits.release([addressKey])]);
    await this.users.update({ id: user.id }, { failedSignIns: 0, lastSignInAt: new Date() });
    await this.users.manager.insert(SignIn, { userId: user.id, address: ip });
    const full = await this.users.findOneByOrFail({ id: user.id });
    return { token: this.sign(full), user: full, failedAttemptsSinceLastSignIn: user.failedSignIns };
  }

  /** As login, but only staff who may use the console get a token. */
  async adminLogin(input: LoginArgs, ip: string): Promise<SignedIn> {
    const result = await this.login(input, ip);
    if (!can(result.user, PERMISSION.consoleSignIn)) throw new AppError('FORBIDDEN', NOT_AUTHORISED);
    return result;
  }

  sign(user: Pick<User, 'id' | 'role' | 'tokenVersion'>): string {
    const payload: JwtPayload = { sub: user.id, role: user.role, ver: user.tokenVersion };
    return this.jwt.sign(payload);
  }

  /** Ends every token issued to the user so far. */
  async logout(caller: AuthUser): Promise<void> {
    await this.users.increment({ id: caller.id }, 'tokenVersion', 1);
  }

  /** The user behind a verified JWT payload, or undefined when the token has been ended since. */
  async userForToken(payload: Pick<JwtPayload, 'sub' | 'ver'>): Promise<AuthUser | undefined> {
    const user = await this.users.findOne({ where: { id: payload.sub }, select: { id: true, role: true, email: true, tokenVersion: true } });
    if (!user || user.tokenVersion !== payload.ver) return undefined;
    return { id: user.id, role: user.role, email: user.email };
  }

  /** The user a bearer `Authorization` header names, when its token is valid and has not been ended. */
  async userForAuthorization(header: string | undefined): Promise<AuthUser | undefined> {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const payload = token ? await this.jwt.verifyAsync<JwtPayload>(token).catch(() => undefined) : undefined;
    return payload ? this.userForToken(payload) : undefined;
  }

  async onApplicationBootstrap() {
    await this.jobs.work<ResetRequest>(RESET_QUEUE, ({ email }) => this.mailResetLink(email));
  }

  /**
   * Queues a reset request and answers nothing: the same work for every address, so neither the answer nor its
   * timing tells whether an e-mail address has an account. The job looks the address up.
   */
  async sendResetToken(email: string): Promise<void> {
    await this.jobs.send<ResetRequest>(RESET_QUEUE, { email }, { retryLimit: 3, retryDelay: 30 });
  }

  /** Mails a reset link when the account exists (at most a few an hour per account). */
  private async mailResetLink(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email });
    if (!user) return;
    const sent = await this.limits.hit(`reset-mail:${user.id}`, RESET_MAILS_PER_ACCOUNT.windowSeconds);
    if (sent > RESET_MAILS_PER_ACCOUNT.limit) return;
    const { token, tokenHash } = newLinkToken();
    await this.resetTokens.insert({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mail.queue(passwordResetMail(user, link));
  }

  /** Sets a new password from a valid, unused, unexpired token, and ends every session of that user. */
  async resetPassword(input: ResetPasswordArgs): Promise<void> {
    const passwordHash = await hashPassword(input.newPassword);
    await this.dataSource.transaction(async (manager) => {
      const token = await manager.findOne(PasswordResetToken, {
        where: { tokenHash: hashLinkToken(input.token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!token || (input.userId !== undefined && input.userId !== null && input.userId !== '' && Number(input.userId) !== token.userId)) {
        throw AppError.badInput('token', 'This reset link is not valid or has expired. Please ask for a new one.');
      }
      await manager.update(PasswordResetToken, { userId: token.userId, usedAt: IsNull() }, { usedAt: new Date() });
      await manager.update(User, { id: token.userId }, { passwordHash });
      await manager.increment(User, { id: token.userId }, 'tokenVersion', 1);
    });
  }

  /** Changes the caller's password after checking the current one; other sessions end, this one gets a new token. */
  async changePassword(caller: AuthUser, input: ChangePasswordArgs): Promise<string> {
    const user = await this.users.findOne({ where: { id: caller.id }, select: { id: true, passwordHash: true } });
    if (!(await recheckPassword(this.limits, caller.id, user?.passwordHash, input.currentPassword))) {
      throw AppError.badInput('currentPassword', 'The current password is not correct');
    }
    await this.users.update({ id: caller.id }, { passwordHash: await hashPassword(input.newPassword) });
    await this.users.increment({ id: caller.id }, 'tokenVersion', 1);
    return this.sign(await this.users.findOneByOrFail({ id: caller.id }));
  }
}
