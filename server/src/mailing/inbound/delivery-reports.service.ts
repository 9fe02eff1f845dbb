import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ConsentBasis } from '@ministry/shared';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appendConsent } from '../lists/consent-ledger.js';
import { readMailToken } from '../mail-tokens.js';
import { suppress } from '../suppressions.js';
import type { DeliveryReport } from './delivery-reports.js';

interface Recipient {
  id: string;
  email: string | null;
  status: string;
  subscriber_id: number | null;
  list_id: number | null;
  basis: ConsentBasis | null;
}

const COMPLAINT_WORDING = 'Marked our e-mail as spam';

/**
 * Records what mail servers report about the broadcasts we sent, on the recipient row named by the report's
 * return-path token: a hard bounce or a complaint stops all mail to the address; a delay only says so.
 */
@Injectable()
export class DeliveryReportsService {
  private readonly logger = new Logger('DeliveryReports');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** How many of the reports named a recipient of ours. */
  async recordAll(reports: readonly DeliveryReport[]): Promise<number> {
    let recorded = 0;
    for (const report of reports) if (await this.record(report)) recorded++;
    return recorded;
  }

  /** False, and nothing changed, for a token we did not sign or a recipient that no longer exists. */
  async record(report: DeliveryReport): Promise<boolean> {
    const [id, ...rest] = readMailToken(this.config.jwtSecret, 'return-path', report.token) ?? [];
    if (!id || rest.length) return false;
    const found = await this.dataSource.transaction(async (manager) => {
      const recipient = await this.lockRecipient(manager, id);
      if (!recipient) return false;
      const reply = `${report.status} ${report.detail}`.trim().slice(0, 500);
      if (report.kind === 'Bounce') await this.bounced(manager, recipient, reply);
      else if (report.kind === 'Deferral') await this.deferred(manager, recipient, reply);
      else await this.complained(manager, recipient, reply);
      return true;
    });
    if (found) this.logger.log(`${report.kind} ${report.status} recorded for recipient ${id}`);
    return found;
  }

  private async lockRecipient(manager: EntityManager, id: number): Promise<Recipient | undefined> {
    const [recipient] = await manager.query<Recipient[]>(
      `SELECT r.id, r.email, r.status, r.subscriber_id, l.id AS list_id, l.basis
         FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id LEFT JOIN mailing_lists l ON l.id = b.list_id
        WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    return recipient;
  }

  private async mark(manager: EntityManager, recipient: Recipient, status: string, reply: string) {
    await manager.query(`UPDATE broadcast_recipients SET status = $2, last_reply = $3, updated_at = now() WHERE id = $1`, [recipient.id, status, reply]);
  }

  /** A complaint says more than a bounce about what the person wants, so it is never overwritten by one. */
  private async bounced(manager: EntityManager, recipient: Recipient, reply: string) {
    if (recipient.status !== 'Complained') await this.mark(manager, recipient, 'Bounced', reply);
    if (recipient.email) await suppress(manager, recipient.email, 'HardBounce');
  }

  /** Only news of a message still on its way; the address stays open, as a full mailbox empties. */
  private async deferred(manager: EntityManager, recipient: Recipient, reply: string) {
    if (['Sent', 'Bounced', 'Complained'].includes(recipient.status)) return;
    await this.mark(manager, recipient, 'Deferred', reply);
  }

  /**
   * The person is sent nothing more, and the ledger shows they left the broadcast's list and why. A provider that
   * reports the same complaint twice records it once.
   */
  private async complained(manager: EntityManager, recipient: Recipient, reply: string) {
    if (recipient.status === 'Complained') return;
    await this.mark(manager, recipient, 'Complained', reply);
    if (recipient.email) await suppress(manager, recipient.email, 'Complaint');
    if (recipient.list_id && recipient.subscriber_id && recipient.basis) {
      await appendConsent(manager, {
        subscriberId: recipient.subscriber_id,
        listId: recipient.list_id,
        action: 'Withdrawn',
        basis: recipient.basis,
        source: 'Complaint',
        wording: COMPLAINT_WORDING,
      });
    }
  }
}
