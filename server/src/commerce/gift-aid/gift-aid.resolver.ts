import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { Audited } from '../../audit/index.js';
import { can } from '../../access/permissions.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { OrderUser } from '../payments/payment-record.js';
import { ClientIp } from '../../common/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { DeclarationSource, GiftAidDeclaration } from './declaration.entity.js';
import { GiftAidDeclarationRecords } from './declaration-records.service.js';
import { declarationStatus } from './declaration-rules.js';
import { GiftAidDeclarationForm, GiftAidDeclarationService, GiftAidDeclarationVersion } from './declaration.service.js';
import { GivingStatement, GivingStatementService } from './giving-statement.service.js';
import {
  AllGiftAidDeclarationsArgs,
  CancelGiftAidDeclarationForDonorArgs,
  CreateGiftAidDeclarationArgs,
  DeclarationStatus,
  GiftAidWordingArgs,
  RecordGiftAidDeclarationArgs,
} from './dto/gift-aid.args.js';

/** A member's own declarations and giving statements. */
@Resolver(() => GiftAidDeclaration)
export class GiftAidDeclarationResolver {
  constructor(
    private readonly declarations: GiftAidDeclarationService,
    private readonly records: GiftAidDeclarationRecords,
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

  @Can(PERMISSION.financeRead)
  @Audited('gift-aid.list', 'GiftAidDeclaration')
  @Query(() => [GiftAidDeclaration], { description: 'Every declaration, every version; filter by donor name (q), status or userId' })
  allGiftAidDeclarations(@Args() args: AllGiftAidDeclarationsArgs): Promise<GiftAidDeclaration[]> {
    return this.records.list(args, args.filter);
  }

  @Can(PERMISSION.financeRead)
  @Query(() => ListMetadata)
  async _allGiftAidDeclarationsMeta(@Args() args: AllGiftAidDeclarationsArgs): Promise<ListMetadata> {
    return { count: await this.records.count(args.filter) };
  }

  @Can(PERMISSION.financeRead)
  @Audited('gift-aid.read', 'GiftAidDeclaration')
  @Query(() => GiftAidDeclaration)
  GiftAidDeclaration(@Args('id', { type: () => ID }) id: string): Promise<GiftAidDeclaration> {
    return this.records.get(toId(id));
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidDeclaration, { description: 'Records a cancellation the donor sent in writing, by phone, e-mail or in person; gifts from cancelledOn on are not covered' })
  cancelGiftAidDeclarationForDonor(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() args: CancelGiftAidDeclarationForDonorArgs): Promise<GiftAidDeclaration> {
    return this.records.cancelForDonor(caller, ip, args);
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => GiftAidDeclaration, { description: "Records a member's oral or paper declaration; an oral one's written record is e-mailed to them" })
  recordGiftAidDeclaration(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() args: RecordGiftAidDeclarationArgs): Promise<GiftAidDeclaration> {
    return this.records.record(caller, ip, args);
  }

  @ResolveField(() => DeclarationStatus)
  status(@Parent() declaration: GiftAidDeclaration): DeclarationStatus {
    return declarationStatus(declaration);
  }

  @ResolveField(() => [GiftAidDeclarationVersion], { description: 'Every version of this declaration, newest first' })
  versions(@Parent() declaration: GiftAidDeclaration): Promise<GiftAidDeclarationVersion[]> {
    return this.records.versions(declaration);
  }

  @ResolveField(() => OrderUser, { nullable: true, description: "Finance staff only: the donor's account" })
  donor(@Parent() declaration: GiftAidDeclaration, @CurrentUser() caller: AuthUser, @Context() context: GraphQLContext) {
    return can(caller, PERMISSION.financeRead) && declaration.userId ? context.loaders.user.load(declaration.userId) : null;
  }

  @ResolveField(() => OrderUser, { nullable: true, description: 'Finance staff only: who recorded an oral or paper declaration' })
  recordedByUser(@Parent() declaration: GiftAidDeclaration, @CurrentUser() caller: AuthUser, @Context() context: GraphQLContext) {
    return can(caller, PERMISSION.financeRead) && declaration.recordedBy ? context.loaders.user.load(declaration.recordedBy) : null;
  }

  @ResolveField(() => OrderUser, { nullable: true, description: 'Finance staff only: who cancelled it (the donor, or the staff member who recorded the cancellation)' })
  cancelledByUser(@Parent() declaration: GiftAidDeclaration, @CurrentUser() caller: AuthUser, @Context() context: GraphQLContext) {
    return can(caller, PERMISSION.financeRead) && declaration.cancelledBy ? context.loaders.user.load(declaration.cancelledBy) : null;
  }

  @ResolveField(() => String, { nullable: true, description: 'Finance staff only: what staff noted when recording a cancellation' })
  cancellationNote(@Parent() declaration: GiftAidDeclaration, @CurrentUser() caller: AuthUser): string | null {
    return can(caller, PERMISSION.financeRead) ? declaration.cancellationNote : null;
  }

  @ResolveField(() => String, { nullable: true, description: 'Finance staff only: the written record of an oral declaration, as e-mailed to the donor (to print)' })
  async writtenRecord(@Parent() declaration: GiftAidDeclaration, @CurrentUser() caller: AuthUser): Promise<string | null> {
    if (!can(caller, PERMISSION.financeRead) || declaration.source !== DeclarationSource.Oral) return null;
    return this.records.writtenRecord(declaration);
  }
}
