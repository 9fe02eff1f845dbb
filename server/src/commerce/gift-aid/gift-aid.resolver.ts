import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser } from '../../access/decorators.js';
import { toId } from '../../common/list.js';
import { GiftAidDeclaration } from './declaration.entity.js';
import { GiftAidDeclarationForm, GiftAidDeclarationService } from './declaration.service.js';
import { GivingStatement, GivingStatementService } from './giving-statement.service.js';
import { CreateGiftAidDeclarationArgs, GiftAidWordingArgs } from './dto/gift-aid.args.js';

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
