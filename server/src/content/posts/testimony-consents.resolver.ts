import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public } from '../../access/decorators.js';
import { toId } from '../../common/list.js';
import { Post } from './post.entity.js';
import { PostsService } from './posts.service.js';
import { Consent, ConsentText, TESTIMONY_CONSENT } from './testimony-consent.js';
import { TestimonyConsents } from './testimony-consents.service.js';

/** A member's consents to publish their testimonies: the wording, the list, and withdrawing one. */
@Resolver(() => Consent)
export class TestimonyConsentsResolver {
  constructor(
    private readonly consents: TestimonyConsents,
    private readonly posts: PostsService,
  ) {}

  @Public()
  @Query(() => ConsentText, { description: 'The exact words the testimony form shows beside its consent box.' })
  testimonyConsentText(): ConsentText {
    return TESTIMONY_CONSENT;
  }

  @Query(() => [Consent], { description: "The caller's consents, newest first." })
  myConsents(@CurrentUser() caller: AuthUser): Promise<Consent[]> {
    return this.consents.mine(caller);
  }

  @Mutation(() => Consent, { description: 'Withdraws one of the caller’s consents; its testimony is taken down at once.' })
  withdrawConsent(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<Consent> {
    return this.consents.withdraw(caller, toId(id));
  }

  @ResolveField(() => String, { nullable: true, description: 'The testimony’s title' })
  async postTitle(@Parent() consent: Consent, @CurrentUser() caller: AuthUser): Promise<string | null> {
    if (!consent.postId) return null;
    const post: Post | null = await this.posts.get(consent.postId, caller).catch(() => null);
    return post?.name ?? null;
  }
}
