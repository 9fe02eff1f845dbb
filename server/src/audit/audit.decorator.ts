import { SetMetadata } from '@nestjs/common';

export const AUDITED = 'audited';

export interface AuditedRead {
  action: 'care.read' | 'care.list' | 'gift-aid.read' | 'gift-aid.list' | 'booking.read' | 'booking.list';
  /** The kind of record read; a care inbox id (`PrayerRequest-12`) already names its own. */
  recordKind: string;
}

/**
 * Records on the audit trail every time staff read what the entry point answers (one record or a list), with
 * the ids it answered. A member reading their own records is not staff and is not recorded.
 */
export const Audited = (action: AuditedRead['action'], recordKind: string) => SetMetadata(AUDITED, { action, recordKind } satisfies AuditedRead);
