import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { PersonalDataContribution, RetentionDone } from '../privacy/index.js';

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

  async export() {
    return {};
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
