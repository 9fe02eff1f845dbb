import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';

/**
 * The audit trail names people by account id and network address only. It is kept whole through an erasure
 * (the database refuses to change or delete a row; it allows only an old entry's network address to be removed):
 * it is how the charity shows who read special-category records and that an erasure was done, and once the
 * account is erased its id names nobody.
 */
@PersonalDataSource()
@Injectable()
export class AuditPersonalData implements PersonalDataContribution {
  readonly tables = ['audit_events'];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  uses() {
    return [
      {
        record: 'Our audit trail',
        purposes: ['to show who read or changed records about people, and that what you asked of us (a copy, an erasure) was done'],
        recipients: [],
      },
    ];
  }

  /**
   * The entries about the account (the network address only where the person acted themselves: a staff member's
   * is the staff member's), and the entries of what the person did as staff, without the ids of others' records.
   */
  async export({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return { auditTrail: [], staffActions: [] };
    const aboutAccount = `record_kind = 'User' AND $2 = ANY(record_ids)`;
    const auditTrail = await manager.query<Record<string, unknown>[]>(
      `SELECT action, at, coalesce(actor_id = $1, false) AS "byYou", CASE WHEN actor_id = $1 THEN address END AS address, detail
         FROM audit_events WHERE ${aboutAccount} ORDER BY at, id`,
      [userId, String(userId)],
    );
    const staffActions = await manager.query<Record<string, unknown>[]>(
      `SELECT action, actor_role AS role, record_kind AS "recordKind", at, address, detail
         FROM audit_events WHERE actor_id = $1 AND NOT coalesce(${aboutAccount}, false) ORDER BY at, id`,
      [userId, String(userId)],
    );
    return { auditTrail, staffActions };
  }

  async erase() {}

  retention() {
    return {
      rank: 50,
      rules: [
        {
          record: 'Audit trail of who read or changed records, and of privacy requests',
          period: `Network addresses: ${this.config.retention.auditAddressesMonths} months`,
          action: 'Network address removed; the entry, naming accounts by id only, is kept as the record of access',
        },
      ],
    };
  }

  /** The one change the trail's database rule allows: an address set to NULL, every other column as it was. */
  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const [, blanked] = await manager.query<[unknown, number]>(
      `UPDATE audit_events SET address = NULL WHERE address IS NOT NULL AND at < $1::timestamptz - make_interval(months => $2)`,
      [now, this.config.retention.auditAddressesMonths],
    );
    return { done: blanked ? [`${blanked} network addresses removed from the audit trail`] : [] };
  }
}
