import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SiteSettingsService } from '../../site/index.js';
import { buildClaimDraft, type ClaimDraft, type EligibleGift } from './claim-draft.js';
import type { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import { coveringSql, GiftAidStatus, GiftAidStatusService, uncoveredAfterClaimSql } from './gift-aid-status.service.js';
import { mergeAdjustments, netSterlingSql, pendingAdjustments, voidedAdjustments } from './refund-accounting.js';

/** What a claim over a period would hold: its eligible gifts and the refunds to declare, read in one manager. */
@Injectable()
export class GiftAidClaimDraftService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly status: GiftAidStatusService,
    private readonly siteSettings: SiteSettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  preview(period: ClaimPeriodArgs): Promise<ClaimDraft> {
    return this.draft(this.dataSource.manager, period);
  }

  /** The draft as `manager` sees the data: a claim being made reads it inside its own transaction. */
  async draft(manager: EntityManager, period: ClaimPeriodArgs): Promise<ClaimDraft> {
    if (Number.isNaN(Date.parse(period.from))) throw AppError.badInput('from', 'from must be a date (YYYY-MM-DD)');
    if (Number.isNaN(Date.parse(period.to))) throw AppError.badInput('to', 'to must be a date (YYYY-MM-DD)');
    if (period.to < period.from) throw AppError.badInput('to', 'to must not be before from');
    const eligible = this.status.condition('d', GiftAidStatus.Eligible);
    const gifts: EligibleGift[] = (
      await manager
        .createQueryBuilder()
        .select('d.id', 'id')
        .addSelect('d.user_id', 'user_id')
        .addSelect('g.id', 'declaration_id')
        .addSelect(`to_char(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`, 'day')
        .addSelect(`CAST(${netSterlingSql('d')} AS integer)`, 'sterling')
        .addSelect(['g.title', 'g.first_name', 'g.last_name', 'g.house_name_or_number', 'g.postcode', 'g.lives_abroad'].map((column) => `${column} AS ${column.slice(2)}`).join(', '))
        .from('donations', 'd')
        .innerJoin('gift_aid_declarations', 'g', `g.id = ${coveringSql('d')}`)
        .where(eligible.sql, eligible.parameters)
        .andWhere(`CAST(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London' AS date) BETWEEN CAST(:from AS date) AND CAST(:to AS date)`, period)
        .orderBy('day', 'ASC')
        .addOrderBy('d.id', 'ASC')
        .getRawMany<EligibleGift>()
    ).filter((gift) => gift.sterling > 0);
    const pending = mergeAdjustments(await pendingAdjustments(manager), await voidedAdjustments(manager, uncoveredAfterClaimSql('d')));
    return buildClaimDraft(period, gifts, pending, { limitMinor: this.config.giftAidAggregationLimitMinor, periods: this.siteSettings.periodSettings() });
  }
}
