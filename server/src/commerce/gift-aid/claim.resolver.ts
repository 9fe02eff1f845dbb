import { Args, Extensions, Field, Float, ID, Int, Mutation, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { AuditService } from '../../audit/index.js';
import { ClientIp } from '../../common/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { minorToDecimal } from '../money.js';
import { GiftAidClaim } from './claim.entity.js';
import type { ClaimAdjustment, ClaimDraft } from './claim-draft.js';
import { GiftAidClaimDraftService } from './claim-draft.service.js';
import { GiftAidClaimReader } from './claim-reader.service.js';
import { GiftAidClaimService } from './claim.service.js';
import { AllGiftAidClaimsArgs, GiftAidClaimIdArgs, RecordGiftAidPaymentArgs, RejectGiftAidClaimArgs, SubmitGiftAidClaimArgs } from './dto/claim.args.js';
import { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import { SCHEDULE_COLUMNS, scheduleCells, type ScheduleCellKind } from './schedule.js';

const KIND_DESCRIPTIONS: Record<ScheduleCellKind, string> = { text: 'Text', date: 'DD/MM/YY', amount: 'Two decimals, no £ sign' };

/** One row of HMRC's schedule, its cells as they will be sent: one field per column of `SCHEDULE_COLUMNS`. */
@ObjectType({ description: "One row of HMRC's schedule, its cells as they will be sent" })
export class GiftAidScheduleRow {
  [field: string]: string;
}
for (const column of SCHEDULE_COLUMNS) {
  Field(() => String, { description: `${column.heading} (column ${column.sheetColumn}): ${KIND_DESCRIPTIONS[column.kind]}` })(GiftAidScheduleRow.prototype, column.field);
}

@ObjectType({ description: "A column of HMRC's schedule, in order: the field of GiftAidScheduleRow holding it and the template's heading" })
export class GiftAidScheduleColumn {
  @Field() field: string;
  @Field() heading: string;
  @Field({ description: 'text, date (DD/MM/YY) or amount (two decimals)' }) kind: string;
}

@ObjectType()
export class GiftAidAdjustment {
  @Field(() => ID) donationId: number;
  @Field(() => ID, { description: 'The claim that included the refunded donation' }) claimId: number;
  @Field(() => Float, { description: 'The sterling refunded since it was claimed' }) amount: number;
  @Field(() => Float, { description: '25 % of it, claimed before and now deducted; the lines add up to Box 2' }) tax: number;
  @Field({ description: 'Its declaration was cancelled after it was claimed, as if never made: amount is all that was still claimed on it' })
  declarationVoided: boolean;
}

@ObjectType()
export class GiftAidClaimPreview {
  @Field() from: string;
  @Field() to: string;
  @Field() aggregated: boolean;
  @Field(() => Int) donationCount: number;
  @Field(() => Int, { description: 'How many claims making it would make: one per 1,000 rows (HMRC takes no more in one claim)' }) claimCount: number;
  @Field(() => [GiftAidScheduleRow]) rows: GiftAidScheduleRow[];
  @Field(() => Float) donationsTotal: number;
  @Field(() => Float, { description: '25 % of the eligible amount, claim by claim' }) taxToReclaim: number;
  @Field(() => [GiftAidAdjustment], { description: 'The refunds declared in Box 2 of the first claim' }) adjustments: GiftAidAdjustment[];
  @Field(() => [GiftAidAdjustment], { description: "Refunds to declare that do not fit: Box 2 may not exceed the tax a claim asks for, so they wait for a later claim" })
  waitingAdjustments: GiftAidAdjustment[];
  @Field(() => Float, { description: 'Box 2 of the first claim: the tax over-claimed before' }) adjustment: number;
  @Field({ description: 'To declare with the claim (at most 100 characters)' }) adjustmentNote: string;
}

const toAdjustment = (adjustment: ClaimAdjustment): GiftAidAdjustment => ({ ...adjustment, amount: minorToDecimal(adjustment.amountMinor), tax: minorToDecimal(adjustment.taxMinor) });

function toPreview(draft: ClaimDraft): GiftAidClaimPreview {
  return {
    from: draft.from,
    to: draft.to,
    aggregated: draft.aggregated,
    donationCount: draft.donationIds.length,
    claimCount: draft.claims.length,
    rows: draft.rows.map(scheduleCells),
    donationsTotal: minorToDecimal(draft.donationsMinor),
    taxToReclaim: minorToDecimal(draft.taxMinor),
    adjustments: draft.adjustments.map(toAdjustment),
    waitingAdjustments: draft.waitingAdjustments.map(toAdjustment),
    adjustment: minorToDecimal(draft.adjustmentMinor),
    adjustmentNote: draft.adjustmentNote,
  };
}

/** Claims to HMRC: Finance and Admin. Every change is on the audit trail. */
@Resolver(() => GiftAidClaim)
export class GiftAidClaimResolver {
  constructor(
    private readonly claims: GiftAidClaimService,
    private readonly drafts: GiftAidClaimDraftService,
    private readonly reader: GiftAidClaimReader,
    private readonly audit: AuditService,
  ) {}

  @Can(PERMISSION.financeRead)
  @Query(() => [GiftAidScheduleColumn], { description: "HMRC's schedule columns in order, as the rows' fields hold them" })
  giftAidScheduleColumns(): GiftAidScheduleColumn[] {
    return SCHEDULE_COLUMNS.map(({ field, heading, kind }) => ({ field, heading, kind }));
  }

  @Can(PERMISSION.financeRead)
  @Query(() => GiftAidClaimPreview, { description: 'What a claim over the period would hold; each preview is on the audit trail' })
  async giftAidClaimPreview(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() period: ClaimPeriodArgs): Promise<GiftAidClaimPreview> {
    const preview = toPreview(await this.drafts.preview(period));
    // Its rows name donors as a claim's do; the period says which, and the claim is reproducible from it.
    await this.audit.record(caller, ip, { action: 'gift-aid.preview', detail: `${preview.from} to ${preview.to}: ${preview.rows.length} schedule row(s)` });
    return preview;
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidClaim, {
    description: 'Makes the period\'s claims as Drafts and marks their donations Claimed; answers the first (the others: createGiftAidClaims, or allGiftAidClaims filtered by its batchId). A period is claimed once unless HMRC rejects it (CONFLICT)',
  })
  async createGiftAidClaim(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() period: ClaimPeriodArgs): Promise<GiftAidClaim> {
    return (await this.claims.create({ caller, address }, period))[0];
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => [GiftAidClaim], { description: 'As createGiftAidClaim, answering every claim made: one per 1,000 schedule rows, numbered as a batch' })
  createGiftAidClaims(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() period: ClaimPeriodArgs): Promise<GiftAidClaim[]> {
    return this.claims.create({ caller, address }, period);
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidClaim, { description: "Draft → Submitted: the claim was sent to HMRC, with HMRC's reference; any other status is a CONFLICT" })
  submitGiftAidClaim(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() args: SubmitGiftAidClaimArgs): Promise<GiftAidClaim> {
    return this.claims.submit({ caller, address }, toId(args.id), args.hmrcReference);
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidClaim, { description: 'Submitted → Paid: what HMRC paid and the day it arrived' })
  recordGiftAidPayment(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() args: RecordGiftAidPaymentArgs): Promise<GiftAidClaim> {
    return this.claims.recordPayment({ caller, address }, toId(args.id), args.amount, args.receivedOn);
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidClaim, {
    description:
      'Submitted → Rejected: HMRC refused the claim and paid nothing, so its donations are free to be claimed again (and refunds it declared are declared again); the claim and its rows stay as the record',
  })
  rejectGiftAidClaim(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() args: RejectGiftAidClaimArgs): Promise<GiftAidClaim> {
    return this.claims.reject({ caller, address }, toId(args.id), args.reason);
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => Boolean, { description: 'Deletes a Draft made by mistake with its rows; its donations and refunds are free again. Any other status is a CONFLICT' })
  deleteGiftAidClaim(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() args: GiftAidClaimIdArgs): Promise<boolean> {
    return this.claims.delete({ caller, address }, toId(args.id));
  }

  @Can(PERMISSION.financeRead)
  @Query(() => GiftAidClaim)
  GiftAidClaim(@Args('id', { type: () => ID }) id: string): Promise<GiftAidClaim> {
    return this.reader.get(toId(id));
  }

  @Can(PERMISSION.financeRead)
  @Query(() => [GiftAidClaim])
  allGiftAidClaims(@Args() args: AllGiftAidClaimsArgs): Promise<GiftAidClaim[]> {
    return this.reader.list(args, args.filter);
  }

  @Can(PERMISSION.financeRead)
  @Query(() => ListMetadata)
  async _allGiftAidClaimsMeta(@Args() args: AllGiftAidClaimsArgs): Promise<ListMetadata> {
    return { count: await this.reader.count(args.filter) };
  }


  @Extensions({ listSize: 1 })
  @ResolveField(() => [String], { description: 'Download path of the schedule as CSV (schedule.ods for the OpenDocument sheet HMRC takes); one file, a claim holding at most 1,000 rows' })
  scheduleFiles(@Parent() claim: GiftAidClaim): string[] {
    return [`/api/gift-aid/claims/${claim.id}/schedule.csv`];
  }

  @ResolveField(() => [GiftAidScheduleRow], { description: 'The rows the claim holds; each read is on the audit trail' })
  async rows(@Parent() claim: GiftAidClaim, @CurrentUser() caller: AuthUser, @ClientIp() ip: string): Promise<GiftAidScheduleRow[]> {
    const rows = (await this.reader.scheduleRows(claim.id)).map(scheduleCells);
    // The rows name donors and their addresses, as the schedule file does, whose downloads are recorded too.
    await this.audit.record(caller, ip, { action: 'gift-aid.read', recordKind: 'GiftAidClaim', recordIds: [String(claim.id)], detail: `${rows.length} schedule row(s)` });
    return rows;
  }
}
