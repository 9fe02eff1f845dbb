import { Injectable } from '@nestjs/common';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { PersonalDataContribution } from '../privacy/index.js';

/**
 * The audit trail names people by account id and network address only. It is kept whole through an erasure
 * (the database refuses to change or delete a row): it is how the charity shows who read special-category
 * records and that an erasure was done, and once the account is erased its id names nobody.
 */
@PersonalDataSource()
@Injectable()
export class AuditPersonalData implements PersonalDataContribution {
  readonly tables = ['audit_events'];

  async export() {
    return {};
  }

  async erase() {}
}
