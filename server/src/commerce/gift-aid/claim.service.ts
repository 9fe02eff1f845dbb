import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AuditService } from '../../audit/index.js';
import { AppError } from '../../common/app-error.js';
import { SiteSettingsService } from '../../site/index.js';
import { decimalToMinor, formatMoney } from '../money.js';
import { keepUntil } from './accounting-period.js';
import { GiftAidClaimDraftService } from './claim-draft.service.js';
import { GiftAidClaim, GiftAidClaimRow, GiftAidClaimStatus } from './claim.entity.js';
import type { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import { coveringSql } from './gift-aid-status.service.js';
import { accountAdjustments, accountRefunds, CLAIM_LOCK, releaseRefunds } from './refund-accounting.js';
import { londonDay } from './tax-year.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Who did what, from where: every step of a claim is on the audit trail. */
export interface ClaimActor {
  caller: AuthUser;
  address: string;
}

/** Gift Aid claims' lives: made as Drafts of at most 1,000 rows, then submitted, paid or rejected. */
@Injectable()
export class GiftAidClaimService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drafts: GiftAidClaimDraftService,
    private readonly siteSettings: SiteSettingsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Makes the period's claims as Drafts, one per 1,000 rows, numbered as a batch: their rows stored, their donations
   * marked Claimed and their refunds accounted, all or nothing. Answers them in order. Inside `transaction` when
   * given (the demo seed's, whose gifts are not yet committed).
   */
  async create(actor: ClaimActor, period: ClaimPeriodArgs, transaction?: EntityManager): Promise<GiftAidClaim[]> {
    const inTransaction = <T>(work: (manager: EntityManager) => Promise<T>) => (transaction ? work(transaction) : this.dataSource.transaction(work));
    return inTransaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const existing = await manager
        .getRepository(GiftAidClaim)
        .createQueryBuilder('claim')
        .where('claim.from = :from AND claim.to = :to AND claim.status <> :rejected', { ...period, rejected: GiftAidClaimStatus.Rejected })
        .getOne();
      if (existing) throw new AppError('CONFLICT', `Claim ${existing.id} already covers ${period.from} to ${period.to}; a period is claimed once unless HMRC rejects it`);
      const draft = await this.drafts.draft(manager, period);
      if (!draft.rows.length) throw AppError.badInput('from', 'No eligible donations in this period: nothing to claim (refunds to declare wait for a claim with donations, as Box 2 may not exceed the tax claimed)');
      const settings = this.siteSettings.periodSettings();
      const made: GiftAidClaim[] = [];
      for (const [index, part] of draft.claims.entries()) {
        const first = index === 0;
        const values = {
          status: GiftAidClaimStatus.Draft,
          // The batch is named by its first claim, whose id is known once it is stored.
          batchId: made[0]?.id ?? 0,
          batchNumber: index + 1,
          batchSize: draft.claims.length,
          from: draft.from,
          to: draft.to,
          aggregated: draft.aggregated,
          donationsMinor: part.donationsMinor,
          taxMinor: part.taxMinor,
          adjustmentMinor: first ? draft.adjustmentMinor : 0,
          adjustmentNote: first ? draft.adjustmentNote : '',
          rowCount: part.rows.length,
          earliestDonationDate: part.earliestDonationDate,
          createdBy: actor.caller.id,
          keepUntil: keepUntil(part.lastDonationDate ?? draft.to, settings),
        };
        const { identifiers } = await manager.getRepository(GiftAidClaim).insert(values);
        const id = identifiers[0].id as number;
        if (first) await manager.getRepository(GiftAidClaim).update({ id }, { batchId: id });
        const claim = await manager.getRepository(GiftAidClaim).findOneByOrFail({ id });
        if (part.rows.length) {
          await manager.getRepository(GiftAidClaimRow).insert(
            part.rows.map(({ firstGiftDate: _first, ...row }, position) => ({ ...row, claimId: claim.id, position: position + 1 })),
          );
        }
        await this.markClaimed(manager, part.donationIds, claim.id);
        // A gift refunded in part before its claim is claimed on what was kept: those refunds are accounted here.
        await accountRefunds(manager, claim.id, part.donationIds);
        if (first) await accountAdjustments(manager, claim.id, draft.adjustments);
        made.push(claim);
      }
      await this.audit.record(
        actor.caller,
        actor.address,
        { action: 'gift-aid.claim-made', recordKind: 'GiftAidClaim', recordIds: made.map((claim) => String(claim.id)), detail: `${draft.from} to ${draft.to}: ${made.length} claim(s), ${draft.rows.length} row(s)` },
        manager,
      );
      return made;
    });
  }

  private async markClaimed(manager: EntityManager, ids: number[], claimId: number) {
    if (!ids.length) return;
    const [, changed] = await manager.query(`UPDATE donations SET gift_aid_claim_id = $1 WHERE id = ANY($2) AND gift_aid_claim_id IS NULL`, [claimId, ids]);
    if (changed !== ids.length) throw new AppError('CONFLICT', 'Donations changed while the claim was made; please preview it again');
  }

  /** Draft → Submitted: sent to HMRC, with the reference HMRC gave it. */
  submit(actor: ClaimActor, id: number, hmrcReference: string): Promise<GiftAidClaim> {
    const reference = hmrcReference.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,63}$/.test(reference)) {
      throw AppError.badInput('hmrcReference', "hmrcReference must be HMRC's reference for the submission: letters, digits, spaces, . / -, at most 64 characters");
    }
    return this.step(actor, id, GiftAidClaimStatus.Draft, 'gift-aid.claim-submitted', `HMRC reference ${reference}`, async (claim, manager) => {
      await this.refuseIfUncovered(manager, claim.id);
      Object.assign(claim, { status: GiftAidClaimStatus.Submitted, hmrcReference: reference, submittedAt: new Date() });
    });
  }

  /**
   * A gift loses the declaration it was drafted under only when that was an oral one cancelled within 30 days of its
   * written record, as if never made (gift-aid-status.service.ts): sent to HMRC, it would be claimed with no declaration.
   */
  private async refuseIfUncovered(manager: EntityManager, claimId: number) {
    const rows: { id: number }[] = await manager.query(`SELECT d.id FROM donations d WHERE d.gift_aid_claim_id = $1 AND ${coveringSql('d')} IS NULL ORDER BY d.id`, [claimId]);
    if (rows.length) {
      const ids = rows.map((row) => row.id).join(', ');
      throw new AppError('CONFLICT', `Donation ${ids} of this draft lost its declaration (an oral declaration cancelled within its 30 days is as if never made): delete this draft and make it again`);
    }
  }

  /** Submitted → Paid: what HMRC paid and the day it arrived. */
  recordPayment(actor: ClaimActor, id: number, amount: number, receivedOn: string): Promise<GiftAidClaim> {
    const paidMinor = decimalToMinor(amount);
    if (paidMinor === undefined || paidMinor <= 0) throw AppError.badInput('amount', 'amount must be what HMRC paid, in pounds, more than 0 with at most two decimals');
    if (!DAY.test(receivedOn) || Number.isNaN(Date.parse(receivedOn))) throw AppError.badInput('receivedOn', 'receivedOn must be a date (YYYY-MM-DD)');
    if (receivedOn > londonDay(new Date())) throw AppError.badInput('receivedOn', 'receivedOn cannot be in the future');
    return this.step(actor, id, GiftAidClaimStatus.Submitted, 'gift-aid.claim-paid', `£${amount.toFixed(2)} received on ${receivedOn}`, async (claim) => {
      if (claim.submittedAt && receivedOn < londonDay(claim.submittedAt)) throw AppError.badInput('receivedOn', 'receivedOn cannot be before the claim was submitted');
      // HMRC pays at most the tax claimed: more is a typo (and might not fit the column).
      if (paidMinor > claim.taxMinor) throw AppError.badInput('amount', `amount must be at most ${formatMoney(claim.taxMinor, 'GBP')}, the tax this claim asked for`);
      Object.assign(claim, { status: GiftAidClaimStatus.Paid, paidMinor, paidOn: receivedOn });
    });
  }

  /**
   * Submitted → Rejected: HMRC paid nothing, so the claim's donations are free to claim again, and the refunds it
   * accounted for (claimed net, or declared in Box 2) are to be accounted again. Its rows stay as the record.
   */
  reject(actor: ClaimActor, id: number, reason: string): Promise<GiftAidClaim> {
    const why = reason.trim();
    if (!why || why.length > 500) throw AppError.badInput('reason', 'reason must say why HMRC rejected the claim, at most 500 characters');
    return this.step(actor, id, GiftAidClaimStatus.Submitted, 'gift-aid.claim-rejected', 'rejected by HMRC', async (claim, manager) => {
      await this.release(manager, claim.id);
      Object.assign(claim, { status: GiftAidClaimStatus.Rejected, rejectionReason: why });
    });
  }

  /** Deletes a Draft made by mistake: its rows go, its donations and refunds are free again. */
  async delete(actor: ClaimActor, id: number): Promise<boolean> {
    await this.step(actor, id, GiftAidClaimStatus.Draft, 'gift-aid.claim-deleted', 'draft deleted', async (claim, manager) => {
      // Taking turns with claims being made, none of which may declare this Draft's refunds while it goes.
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      await this.refuseIfDeclaredElsewhere(manager, claim.id);
      await this.release(manager, claim.id);
      await manager.getRepository(GiftAidClaimRow).delete({ claimId: claim.id });
      await manager.getRepository(GiftAidClaim).delete({ id: claim.id });
      return 'deleted';
    });
    return true;
  }

  /**
   * A later claim that declared in Box 2 a refund of this claim's gifts told HMRC of it: deleting this one would free
   * those gifts to be claimed again net of the refund, taking it off twice. That claim goes first.
   */
  private async refuseIfDeclaredElsewhere(manager: EntityManager, claimId: number) {
    const [declared]: { claim_id: number }[] = await manager.query(
      `SELECT r.gift_aid_claim_id AS claim_id FROM donation_refunds r JOIN donations d ON d.id = r.donation_id
        WHERE d.gift_aid_claim_id = $1 AND r.gift_aid_claim_id <> $1 ORDER BY r.gift_aid_claim_id LIMIT 1`,
      [claimId],
    );
    if (declared) {
      throw new AppError('CONFLICT', `Refunds of this claim's gifts are declared on claim ${declared.claim_id}: delete that Draft first, or submit this claim`);
    }
  }

  private async release(manager: EntityManager, claimId: number) {
    await releaseRefunds(manager, claimId);
    await manager.query('UPDATE donations SET gift_aid_claim_id = NULL WHERE gift_aid_claim_id = $1', [claimId]);
    await manager.query('UPDATE donations SET gift_aid_adjustment_claim_id = NULL WHERE gift_aid_adjustment_claim_id = $1', [claimId]);
  }

  /**
   * One step of a claim's life, under a lock on its row: of two calls at once on one claim, the second sees what the
   * first did and is refused (CONFLICT). The step and its audit record are one transaction.
   */
  private step(
    actor: ClaimActor,
    id: number,
    from: GiftAidClaimStatus,
    action: string,
    detail: string,
    change: (claim: GiftAidClaim, manager: EntityManager) => Promise<'deleted' | void>,
  ): Promise<GiftAidClaim> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(GiftAidClaim);
      const claim = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!claim) throw AppError.notFound('The claim');
      if (claim.status !== from) throw new AppError('CONFLICT', `Claim ${id} is ${claim.status}: only a ${from} claim can be changed this way`);
      const deleted = (await change(claim, manager)) === 'deleted';
      await this.audit.record(actor.caller, actor.address, { action, recordKind: 'GiftAidClaim', recordIds: [String(id)], detail }, manager);
      return deleted ? claim : repository.save(claim);
    });
  }
}
