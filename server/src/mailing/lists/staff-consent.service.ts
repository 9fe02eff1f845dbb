import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { appendConsent, findSubscriber, historyOf, mailingListOf, subscriberOf, withdrawIfSubscribed } from './consent-ledger.js';
import type { ConsentEvent } from './mailing-list.entity.js';

/** Staff and one person's consent ledger: reading it, and consent given or withdrawn by phone or on paper. */
@Injectable()
export class StaffConsentService {
  constructor(private readonly dataSource: DataSource) {}

  /** One person's ledger, by address (their account's, or the address alone). */
  async historyByEmail(email: string): Promise<ConsentEvent[]> {
    const manager = this.dataSource.manager;
    const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
    const subscriberId = await findSubscriber(manager, { email, userId: account?.id });
    return subscriberId ? historyOf(manager, subscriberId) : [];
  }

  /** Consent given on paper or by phone, in the words the person agreed to. */
  async recordConsent(staff: AuthUser, listId: number, email: string, wording: string): Promise<ConsentEvent> {
    return this.dataSource.transaction(async (manager) => {
      const list = await mailingListOf(manager, listId, false);
      const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
      const subscriberId = await subscriberOf(manager, { email, userId: account?.id });
      await manager.query(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId]);
      await appendConsent(manager, { subscriberId, listId: list.id, action: 'Given', basis: 'Consent', source: 'Staff', wording, staffId: staff.id });
      return (await historyOf(manager, subscriberId))[0];
    });
  }

  /** A withdrawal they were asked for (by phone, in a letter). */
  async withdrawConsent(staff: AuthUser, listId: number, email: string): Promise<ConsentEvent> {
    return this.dataSource.transaction(async (manager) => {
      const list = await mailingListOf(manager, listId, false);
      const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
      const subscriberId = await findSubscriber(manager, { email, userId: account?.id });
      const withdrawn =
        subscriberId && (await withdrawIfSubscribed(manager, subscriberId, list, 'Staff', 'Withdrawn at the person’s request, recorded by staff', staff.id));
      if (!withdrawn) throw AppError.badInput('email', 'This address is not subscribed to that list');
      return (await historyOf(manager, subscriberId))[0];
    });
  }
}
