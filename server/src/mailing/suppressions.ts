import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** Why an address is sent nothing more. */
export type SuppressionReason = 'HardBounce' | 'Complaint' | 'Erased';

/** The only form in which a suppressed address is kept: an erased person's address is not kept, yet never mailed again. */
export const addressHash = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Adds an address to the suppression list; one already there keeps its first reason. */
export async function suppress(manager: EntityManager, email: string, reason: SuppressionReason): Promise<void> {
  await manager.query(`INSERT INTO mail_suppressions (address_hash, reason) VALUES ($1, $2) ON CONFLICT (address_hash) DO NOTHING`, [
    addressHash(email),
    reason,
  ]);
}

export async function isSuppressed(manager: EntityManager, email: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(`SELECT 1 FROM mail_suppressions WHERE address_hash = $1`, [addressHash(email)]);
  return rows.length > 0;
}

/** SQL true when the address in `column` is suppressed: for choosing a broadcast's recipients in one statement. */
export const notSuppressed = (column: string) =>
  `NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = encode(sha256(convert_to(lower(trim(${column})), 'UTF8')), 'hex'))`;
