import type { EntityManager } from 'typeorm';

/** A donation's (`d`) sterling amount in pence: its own for GBP, the converted one for USD (null while unknown). */
export const sterlingSql = (d: string): string => `CASE WHEN ${d}.currency = 'GBP' THEN ${d}.amount_minor ELSE ${d}.sterling_amount_minor END`;

/**
 * A refund's (`r`) sterling pence, for its donation `d`: the refund itself for GBP; for USD its share of the gift's
 * sterling amount, as stored, or worked out here when Finance entered that amount after the refund.
 */
export const refundSterlingSql = (r: string, d: string): string =>
  `CASE WHEN ${d}.currency = 'GBP' THEN ${r}.amount_minor ` +
  `ELSE coalesce(${r}.sterling_minor, CAST(round(CAST(${r}.amount_minor AS numeric) * ${d}.sterling_amount_minor / ${d}.amount_minor) AS integer)) END`;

/**
 * A refund (`r`) of a claimed donation (`d`) that no claim has accounted for yet: the Gift Aid claimed on it must be
 * declared back. A donation whose refund a claim declared before refunds were kept one by one
 * (`gift_aid_adjustment_claim_id`) owes nothing more.
 */
export const pendingRefundSql = (r: string, d: string): string =>
  `${d}.gift_aid_claim_id IS NOT NULL AND ${r}.gift_aid_claim_id IS NULL AND ${d}.gift_aid_adjustment_claim_id IS NULL`;

/**
 * What may be claimed on an unclaimed gift (`d`): its sterling pence less its refunds no claim has accounted for. A
 * refund a claim has already declared in Box 2 (the gift was claimed, refunded, and its claim then rejected by HMRC)
 * is not taken off again: HMRC took that tax back once already.
 */
export const netSterlingSql = (d: string): string =>
  `(${sterlingSql(d)} - coalesce((SELECT sum(${refundSterlingSql('r', d)}) FROM donation_refunds r WHERE r.donation_id = ${d}.id AND r.gift_aid_claim_id IS NULL), 0))`;

/** The advisory lock a Gift Aid claim is made under, exclusively (`claim.service.ts`), so two cannot take the same donation. */
export const CLAIM_LOCK = 0x67696674;

/**
 * Makes a refund being recorded and a claim being made take turns (until the transaction ends), so a claim never
 * marks as accounted a refund it did not see. Take it before locking any donation row: claims lock them after it.
 */
export async function holdOffClaims(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock_shared($1)', [CLAIM_LOCK]);
}

/** Refunds of claimed donations a claim has still to declare, gathered per donation. */
export interface PendingAdjustment {
  donationId: number;
  /** The claim that included the donation. */
  claimId: number;
  refundIds: number[];
  /** The sterling pence refunded since it was claimed, or all that is left claimed of a gift whose declaration was void. */
  amountMinor: number;
  /** Its declaration was void: the whole of what was claimed on it is declared back. */
  declarationVoided: boolean;
}

/** Per claimed donation, the sterling refunded since it was claimed and not yet accounted for by a claim. */
export async function pendingAdjustments(manager: EntityManager): Promise<PendingAdjustment[]> {
  const rows: { donation_id: number; claim_id: number; refund_ids: number[]; amount_minor: number }[] = await manager.query(
    `SELECT d.id AS donation_id, d.gift_aid_claim_id AS claim_id, array_agg(r.id ORDER BY r.id) AS refund_ids,
            CAST(sum(${refundSterlingSql('r', 'd')}) AS integer) AS amount_minor
     FROM donation_refunds r JOIN donations d ON d.id = r.donation_id
     WHERE ${pendingRefundSql('r', 'd')}
     GROUP BY d.id, d.gift_aid_claim_id
     ORDER BY d.id`,
  );
  return rows.map((row) => ({ donationId: row.donation_id, claimId: row.claim_id, refundIds: row.refund_ids, amountMinor: row.amount_minor, declarationVoided: false }));
}

/**
 * What is still claimed on each gift of `uncovered` (sent to HMRC, its declaration void: gift-aid-status.service.ts):
 * its sterling less the refunds a claim netted or declared already. Its refunds not yet declared are in that amount.
 */
export async function voidedAdjustments(manager: EntityManager, uncovered: string): Promise<PendingAdjustment[]> {
  const rows: { donation_id: number; claim_id: number; amount_minor: number }[] = await manager.query(
    `SELECT d.id AS donation_id, d.gift_aid_claim_id AS claim_id,
            CAST(${sterlingSql('d')} - coalesce((SELECT sum(${refundSterlingSql('r', 'd')}) FROM donation_refunds r
              WHERE r.donation_id = d.id AND r.gift_aid_claim_id IS NOT NULL), 0) AS integer) AS amount_minor
     FROM donations d WHERE ${uncovered} AND d.gift_aid_adjustment_claim_id IS NULL ORDER BY d.id`,
  );
  return rows.map((row) => ({ donationId: row.donation_id, claimId: row.claim_id, refundIds: [], amountMinor: row.amount_minor, declarationVoided: true }));
}

/** The refunds and void declarations to declare, by donation: a void one's refunds are inside its own amount. */
export function mergeAdjustments(refunds: readonly PendingAdjustment[], voided: readonly PendingAdjustment[]): PendingAdjustment[] {
  const voidedIds = new Set(voided.map((adjustment) => adjustment.donationId));
  return [...refunds.filter((adjustment) => !voidedIds.has(adjustment.donationId)), ...voided]
    .filter((adjustment) => adjustment.amountMinor > 0)
    .sort((a, b) => a.donationId - b.donationId);
}

/** Marks the adjustments a claim declared as accounted by it: their refunds, and each void gift as declared back in full. */
export async function accountAdjustments(manager: EntityManager, claimId: number, adjustments: readonly { donationId: number; declarationVoided: boolean }[]): Promise<void> {
  await accountRefunds(manager, claimId, adjustments.map((adjustment) => adjustment.donationId));
  const voided = adjustments.filter((adjustment) => adjustment.declarationVoided).map((adjustment) => adjustment.donationId);
  if (voided.length) await manager.query('UPDATE donations SET gift_aid_adjustment_claim_id = $1 WHERE id = ANY($2)', [claimId, voided]);
}

/** Marks every refund of these donations that no claim has accounted for as accounted by `claimId`. */
export async function accountRefunds(manager: EntityManager, claimId: number, donationIds: number[]): Promise<void> {
  if (!donationIds.length) return;
  await manager.query('UPDATE donation_refunds SET gift_aid_claim_id = $1 WHERE donation_id = ANY($2) AND gift_aid_claim_id IS NULL', [claimId, donationIds]);
}

/** Undoes `accountRefunds` for a claim (a Draft claim deleted): its refunds are to be accounted again. */
export async function releaseRefunds(manager: EntityManager, claimId: number): Promise<void> {
  await manager.query('UPDATE donation_refunds SET gift_aid_claim_id = NULL WHERE gift_aid_claim_id = $1', [claimId]);
}
