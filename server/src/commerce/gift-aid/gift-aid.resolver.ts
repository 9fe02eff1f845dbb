import { Args, Field, Float, ID, Int, Mutation, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { AuditService } from '../../audit/audit.service.js';
import { ClientIp } from '../../common/decorators.js';
import { ListArgs, ListMetadata, toId } from '../../common/list.js';
import { minorToDecimal } from '../money.js';
import { GiftAidClaim } from './claim.entity.js';
import { GiftAidClaimService, type ClaimDraft } from './claim.service.js';
import { GiftAidDeclaration } from './declaration.entity.js';
import { GiftAidDeclarationForm, GiftAidDeclarationService } from './declaration.service.js';
import { GivingStatement, GivingStatementService } from './giving-statement.service.js';
import { ClaimPeriodArgs, CreateGiftAidDeclarationArgs, GiftAidWordingArgs } from './dto/gift-aid.args.js';
import { partCount, scheduleCells } from './schedule.js';

@ObjectType({ description: "One row of HMRC's schedule, its cells as they will be sent" })
export class GiftAidScheduleRow {
  @Field() title: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field() houseNameOrNumber: string;
  @Field() postcode: string;
  @Field() aggregatedDonations: string;
  @Field() sponsoredEvent: string;
  @Field({ description: 'DD/MM/YY' }) donationDate: string;
  @Field({ description: 'Two decimals, no £ sign' }) amount: string;
}

@ObjectType()
export class GiftAidAdjustment {
  @Field(() => ID) donationId: number;
  @Field(() => ID, { description: 'The claim that included the refunded donation' }) claimId: number;
  @Field(() => Float) amount: number;
  @Field(() => Float, { description: '25 % of the gift, claimed before and now to be repaid' }) tax: number;
}

@ObjectType()
export class GiftAidClaimPreview {
  @Field() from: string;
  @Field() to: string;
  @Field() aggregated: boolean;
  @Field(() => Int) donationCount: number;
  @Field(() => [GiftAidScheduleRow]) rows: GiftAidScheduleRow[];
  @Field(() => Float) donationsTotal: number;
  @Field(() => Float, { description: '25 % of the eligible amount' }) taxToReclaim: number;
  @Field(() => [GiftAidAdjustment]) adjustments: GiftAidAdjustment[];
  @Field(() => Float) adjustment: number;
  @Field({ description: 'To declare with the claim (at most 100 characters)' }) adjustmentNote: string;
}

const toRow = (cells: string[]): GiftAidScheduleRow => {
  const [title, firstName, lastName, houseNameOrNumber, postcode, aggregatedDonations, sponsoredEvent, donationDate, amount] = cells;
  return { title, firstName, lastName, houseNameOrNumber, postcode, aggregatedDonations, sponsoredEvent, donationDate, amount };
};

function toPreview(draft: ClaimDraft): GiftAidClaimPreview {
  return {
    from: draft.from,
    to: draft.to,
    aggregated: draft.aggregated,
    donationCount: draft.donationIds.length,
    rows: draft.rows.map((row) => toRow(scheduleCells(row))),
    donationsTotal: minorToDecimal(draft.donationsMinor),
    taxToReclaim: minorToDecimal(draft.taxMinor),
    adjustments: draft.adjustments.map((adjustment) => ({ ...adjustment, amount: minorToDecimal(adjustment.amountMinor), tax: minorToDecimal(adjustment.taxMinor) })),
    adjustment: minorToDecimal(draft.adjustmentMinor),
    adjustmentNote: draft.adjustmentNote,
  };
}

/** A member's own declarations and giving statements. */
@Resolver(() => GiftAidDeclaration)
export class GiftAidDeclarationResolver {
  constructor(
    private readonly declarations: GiftAidDeclarationService,
    private readonly statements: GivingStatementService,
  ) {}

  @Query(() => [GiftAidDeclaration], { description: "The caller's declarations, newest first, every version" })
  myGiftAidDeclarations(@CurrentUser() caller: AuthUser): Promise<GiftAidDeclaration[]> {
    return this.declarations.mine(caller);
  }

  @Query(() => GiftAidDeclarationForm, { description: 'The wording to show and the details to pre-fill (from the last declaration, else the profile)' })
  giftAidDeclarationForm(@CurrentUser() caller: AuthUser, @Args() args: GiftAidWordingArgs): Promise<GiftAidDeclarationForm> {
    return this.declarations.form(caller, args);
  }

  @Query(() => [GivingStatement], { description: "The caller's giving by UK tax year, newest first" })
  myGivingStatements(@CurrentUser() caller: AuthUser): Promise<GivingStatement[]> {
    return this.statements.mine(caller);
  }

  @Mutation(() => GiftAidDeclaration)
  createGiftAidDeclaration(@CurrentUser() caller: AuthUser, @Args() args: CreateGiftAidDeclarationArgs): Promise<GiftAidDeclaration> {
    return this.declarations.create(caller, args);
  }

  @Mutation(() => GiftAidDeclaration, { description: 'From now on; earlier and claimed gifts keep it' })
  cancelGiftAidDeclaration(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<GiftAidDeclaration> {
    return this.declarations.cancel(caller, toId(id));
  }
}

/** Claims to HMRC: Finance and Admin. */
@Resolver(() => GiftAidClaim)
export class GiftAidClaimResolver {
  constructor(
    private readonly claims: GiftAidClaimService,
    private readonly audit: AuditService,
  ) {}

  @Can('finance:read')
  @Query(() => GiftAidClaimPreview, { description: 'What a claim over the period would hold; each preview is on the audit trail' })
  async giftAidClaimPreview(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() period: ClaimPeriodArgs): Promise<GiftAidClaimPreview> {
    const preview = toPreview(await this.claims.preview(period));
    // Its rows name donors as a claim's do; the period says which, and the claim is reproducible from it.
    await this.audit.record(caller, ip, { action: 'gift-aid.preview', detail: `${preview.from} to ${preview.to}: ${preview.rows.length} schedule row(s)` });
    return preview;
  }

  @Can('finance:manage')
  @Mutation(() => GiftAidClaim, { description: 'Makes the claim and marks its donations Claimed; a period is claimed once (CONFLICT)' })
  createGiftAidClaim(@CurrentUser() caller: AuthUser, @Args() period: ClaimPeriodArgs): Promise<GiftAidClaim> {
    return this.claims.create(caller, period);
  }

  @Can('finance:read')
  @Query(() => GiftAidClaim)
  GiftAidClaim(@Args('id', { type: () => ID }) id: string): Promise<GiftAidClaim> {
    return this.claims.get(toId(id));
  }

  @Can('finance:read')
  @Query(() => [GiftAidClaim])
  allGiftAidClaims(@Args() args: ListArgs): Promise<GiftAidClaim[]> {
    return this.claims.list(args);
  }

  @Can('finance:read')
  @Query(() => ListMetadata)
  async _allGiftAidClaimsMeta(): Promise<ListMetadata> {
    return { count: await this.claims.count() };
  }

  @ResolveField(() => [String], { description: 'Download paths of the schedule, one CSV per 1,000 rows (add .ods for OpenDocument)' })
  scheduleFiles(@Parent() claim: GiftAidClaim): string[] {
    const parts = partCount(claim.rowCount);
    const path = `/api/gift-aid/claims/${claim.id}/schedule.csv`;
    return parts === 1 ? [path] : Array.from({ length: parts }, (_, index) => `${path}?part=${index + 1}`);
  }

  @ResolveField(() => [GiftAidScheduleRow], { description: 'The rows the claim sent; each read is on the audit trail' })
  async rows(@Parent() claim: GiftAidClaim, @CurrentUser() caller: AuthUser, @ClientIp() ip: string): Promise<GiftAidScheduleRow[]> {
    const rows = (await this.claims.scheduleRows(claim.id)).map((row) => toRow(scheduleCells(row)));
    // The rows name donors and their addresses, as the schedule file does, whose downloads are recorded too.
    await this.audit.record(caller, ip, { action: 'gift-aid.read', recordKind: 'GiftAidClaim', recordIds: [String(claim.id)], detail: `${rows.length} schedule row(s)` });
    return rows;
  }
}

