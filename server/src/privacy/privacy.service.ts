import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { AuditService } from '../audit/index.js';
import { keepAnotherAdmin, lockAccountForErasure, provenEmailOf, recheckPassword, User } from '../auth/index.js';
import { AppError } from '../common/app-error.js';
import { RateLimitService } from '../common/rate-limit.js';
import { PublicReadCache } from '../http-cache/public-read-cache.js';
import { MailService } from '../mail/index.js';
import { personalDataOf, type PersonalData } from './personal-data.js';
import { PersonalDataSources } from './personal-data-sources.js';

/** Who asked, from where: every export and erasure is on the audit trail. */
export interface Requester {
  actor: AuthUser;
  address: string;
}

/**
 * The rights of the people whose data the church holds: a copy of it (their own, or any address's for an Admin
 * answering a subject access request), and erasure. Erasure keeps what the law makes the charity keep (donations
 * and orders for the accounts, without the person) and removes or replaces everything else, in one transaction.
 * What is held, and how it goes, is each feature's own answer (`PersonalDataSources`): this service names no table.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger('Privacy');

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    private readonly sources: PersonalDataSources,
    private readonly publicCache: PublicReadCache,
  ) {}

  async ownData({ actor, address }: Requester): Promise<PersonalData> {
    const manager = this.dataSource.manager;
    const data = personalDataOf(await this.sources.export({ userId: actor.id, provenEmail: await provenEmailOf(manager, actor.id) }, manager));
    await this.audit.record(actor, address, { action: 'export.own-data', recordKind: 'User', recordIds: [String(actor.id)] });
    return data;
  }

  /** Everything held about an e-mail address: the account's data when there is one, and the forms sent with it. */
  async subjectAccess(email: string, { actor, address }: Requester): Promise<PersonalData> {
    const member = await this.dataSource.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
    const data = personalDataOf(await this.sources.export({ userId: member?.id ?? null, provenEmail: email.trim() }, this.dataSource.manager));
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
    const { removed, afterCommit } = await this.dataSource.transaction(async (manager) => {
      const erased = await this.sources.erase({ userId: null, provenEmail: email.trim() }, manager);
      await this.audit.record(actor, address, { action: 'visitor.erase', detail: `${erased.removed} form record(s) deleted` }, manager);
      return erased;
    });
    for (const work of afterCommit) await work();
    return removed;
  }

  /** The member erases their own account after giving their password again. */
  async eraseOwnAccount(password: string, { actor, address }: Requester): Promise<void> {
    const users = this.dataSource.getRepository(User);
    const user = await users.findOne({ where: { id: actor.id }, select: { id: true, firstname: true, passwordHash: true } });
    if (!user || !(await recheckPassword(this.limits, actor.id, user.passwordHash, password))) throw AppError.badInput('password', 'The password is not correct');
    const lastAdmin = () => AppError.badInput('password', 'The last Admin cannot delete their account: make someone else Admin first');
    // Refused before anything is stopped, so a refused erasure leaves the member's monthly gifts running.
    await this.dataSource.transaction((manager) => keepAnotherAdmin(manager, user.id, lastAdmin));
    // Then, outside the erasure: a monthly gift PayPal could not stop leaves the account as it is.
    await this.sources.beforeErasure(actor);
    const { email, afterCommit } = await this.dataSource.transaction(async (manager) => {
      const subject = await lockAccountForErasure(manager, user.id, lastAdmin);
      await this.audit.record(actor, address, { action: 'account.erase', recordKind: 'User', recordIds: [String(user.id)] }, manager);
      return { email: subject.email, ...(await this.sources.erase(subject, manager)) };
    });
    for (const work of afterCommit) await work();
    // The sources' SQL is unseen by the cache's write listener: the wall and published testimonies drop the member now.
    await this.publicCache.clearEverywhere().catch((error: Error) => this.logger.warn(`could not empty the public caches after erasing account ${user.id}: ${error.message}`));
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
}
