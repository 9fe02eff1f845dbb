import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { MAILING_CHOICES, type MailingChoicesRecorder } from '../../common/mailing-choices.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { RateLimit } from '../../common/rate-limit.js';
import { OrderUser } from '../payments/payment-record.js';
import { CHECKOUTS_PER_ADDRESS } from '../payments/payments.service.js';
import { AllRegularDonationsArgs, ConfirmRegularDonationArgs, CreateRegularDonationArgs, MonthlyTotal, RegularDonationCheckout } from './dto/regular-donation.args.js';
import { RegularDonation } from './regular-donation.entity.js';
import { RegularDonationReader } from './regular-donation-reader.service.js';
import { RegularDonationService } from './regular-donation.service.js';

@Resolver(() => RegularDonation)
export class RegularDonationResolver {
  constructor(
    private readonly gifts: RegularDonationService,
    private readonly reader: RegularDonationReader,
    @Inject(MAILING_CHOICES) private readonly subscriptions: MailingChoicesRecorder,
  ) {}

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => RegularDonationCheckout, { description: 'Sets up a monthly gift in GBP or USD as a PayPal subscription; send the member to approveUrl.' })
  async createRegularDonation(@CurrentUser() caller: AuthUser, @Args() { mailingChoices, ...input }: CreateRegularDonationArgs): Promise<RegularDonationCheckout> {
    await this.subscriptions.checkChoices(mailingChoices);
    const gift = await this.gifts.create(caller, input);
    await this.subscriptions.recordForAccount(caller.id, mailingChoices, 'Donation');
    return { id: gift.id, subscriptionID: gift.paypalSubscriptionId!, approveUrl: gift.approveUrl!, status: gift.status };
  }

  @Mutation(() => RegularDonation, { description: "The caller's gift as PayPal reports it, once they are back from approving it." })
  confirmRegularDonation(@CurrentUser() caller: AuthUser, @Args() { subscriptionID }: ConfirmRegularDonationArgs): Promise<RegularDonation> {
    return this.gifts.confirm(caller, subscriptionID);
  }

  @Mutation(() => RegularDonation, { description: 'Stops a monthly gift at PayPal. Its donor, or finance managers.' })
  cancelRegularDonation(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<RegularDonation> {
    return this.gifts.cancel(caller, toId(id));
  }

  @Query(() => RegularDonation, { description: 'Its donor, or finance staff.' })
  RegularDonation(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<RegularDonation> {
    return this.reader.get(caller, toId(id));
  }

  @Query(() => [RegularDonation], { description: 'Finance staff see every regular gift, a member their own.' })
  allRegularDonations(@CurrentUser() caller: AuthUser, @Args() args: AllRegularDonationsArgs): Promise<RegularDonation[]> {
    return this.reader.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata)
  async _allRegularDonationsMeta(@CurrentUser() caller: AuthUser, @Args() args: AllRegularDonationsArgs): Promise<ListMetadata> {
    return { count: await this.reader.count(caller, args.filter) };
  }

  @Can(PERMISSION.financeRead)
  @Query(() => [MonthlyTotal], { description: 'What the Active gifts matching the filter bring in each month, per currency.' })
  regularGivingTotals(@CurrentUser() caller: AuthUser, @Args() args: AllRegularDonationsArgs): Promise<MonthlyTotal[]> {
    return this.reader.monthlyTotals(caller, args.filter);
  }

  @ResolveField(() => OrderUser, { nullable: true })
  user(@Parent() gift: RegularDonation, @Context() context: GraphQLContext) {
    return gift.userId ? context.loaders.user.load(gift.userId) : null;
  }
}
