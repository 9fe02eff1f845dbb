import type { EntityManager } from 'typeorm';
import type { User } from '../auth/index.js';
import type { AuditService } from '../audit/index.js';

/** Who the demo's staff reads are by: the demo staff accounts (none in production, where nobody's reads are invented). */
export interface DemoReaders {
  pastor: User;
  prayerTeam: User;
  finance: User;
}

/** An address from the range kept for documentation (RFC 5737): plainly not a real office. */
const OFFICE = '203.0.113.24';

/**
 * The audit trail of a fresh demo: a line for each kind of record the seed invented (so a reader can tell demo rows
 * from real ones), then the reads staff would have made looking at them.
 */
export async function recordDemoAudit(manager: EntityManager, audit: AuditService, seeded: Record<string, string[]>, readers: DemoReaders | null): Promise<void> {
  for (const [recordKind, recordIds] of Object.entries(seeded)) {
    await audit.record(null, null, { action: 'seed.demo', recordKind, recordIds, detail: `${recordIds.length} invented record(s) for a first look at the console` }, manager);
  }
  if (!readers) return;
  const first = (kind: string) => (seeded[kind] ?? []).slice(0, 1);
  const reads: [User, 'care.read' | 'care.list' | 'gift-aid.read' | 'gift-aid.list', string, string[]][] = [
    [readers.pastor, 'care.list', 'ContactEnquiry', seeded.ContactEnquiry ?? []],
    [readers.pastor, 'care.read', 'ContactEnquiry', first('ContactEnquiry')],
    [readers.pastor, 'care.read', 'CounsellingRequest', first('CounsellingRequest')],
    [readers.prayerTeam, 'care.list', 'PrayerRequest', (seeded.PrayerRequest ?? []).slice(1)],
    [readers.finance, 'gift-aid.list', 'GiftAidDeclaration', seeded.GiftAidDeclaration ?? []],
    [readers.finance, 'gift-aid.read', 'GiftAidClaim', first('GiftAidClaim')],
  ];
  for (const [reader, action, recordKind, recordIds] of reads) await audit.record(reader, OFFICE, { action, recordKind, recordIds }, manager);
}
