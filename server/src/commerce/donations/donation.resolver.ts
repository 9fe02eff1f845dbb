import { Inject } from '@nestjs/common';
import { Args, Context, Float, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Can } from '../../access/decorators.js';
import { ClientIp } from '../../common/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { RateLimit } from '../../common/rate-limit.js';
import { CaptureArgs } from '../payments/capture.args.js';
import { OrderUser } from '../payments/payment-record.js';
import { Checkout, PaymentResult } from '../payments/payment-result.js';
import { CHECKOUTS_PER_ADDRESS } from '../payments/payments.service.js';
import { GiftAidStatus } from '../gift-aid/gift-aid-status.service.js';
import { DonationRefund } from './donation-refund.entity.js';
import { Donation } from './donation.entity.js';
import { DonationService } from './donation.service.js';
import { AllDonationsArgs, CreateDonationArgs } from './dto/donation.args.js';
import { SterlingAmountArgs } from './dto/sterling-amount.args.js';
import { IdempotencyKey } from '../../requests/index.js';
import { MAILING_CHOICES, type MailingChoicesRecorder } from '../../common/mailing-choices.js';

@Resolver(() => Donation)
export class DonationResolver {
  constructor(
    private readonly donations: DonationService,
    @Inject(MAILING_CHOICES) private readonly subscriptions: MailingChoicesRecorder,
  ) {}

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Checkout, { description: 'Starts a PayPal payment for a donation in GBP or USD.' })
  async createDonation(@CurrentUser() caller: AuthUser, @Args() { mailingChoices, ...input }: CreateDonationArgs): Promise<Checkout> {
    await this.subscriptions.checkChoices(mailingChoices);
    const donation = await this.donations.create(caller, input);
    await this.subscriptions.recordForAccount(caller.id, mailingChoices, 'Donation');
    return { id: donation.id, orderID: donation.paypalOrderId!, approveUrl: donation.approveUrl!, status: donation.status };
  }

  @Mutation(() => PaymentResult, { description: 'Captures an approved donation of the caller; calling it again answers the same result.' })
  async captureDonation(@CurrentUser() caller: AuthUser, @Args() { orderID }: CaptureArgs): Promise<PaymentResult> {
    const settlement = await this.donations.capture(caller, orderID);
    return { status: settlement.outcome, message: settlement.message, donation: settlement.record, approveUrl: settlement.approveUrl };
  }

  @Query(() => Donation, { description: 'The owner, or staff with finance:read.' })
  Donation(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<Donation> {
    return this.donations.get(caller, toId(id));
  }

  @Query(() => [Donation], { description: 'Staff with finance:read see every donation, a member their own.' })
  allDonations(@CurrentUser() caller: AuthUser, @Args() args: AllDonationsArgs): Promise<Donation[]> {
    return this.donations.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata)
  async _allDonationsMeta(@CurrentUser() caller: AuthUser, @Args() args: AllDonationsArgs): Promise<ListMetadata> {
    return { count: await this.donations.count(caller, args.filter) };
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => Donation, {
    description:
      "Refunds part of a donation through PayPal (`amount`, in the gift's currency), or all that is left of it without; on the audit trail. The same `Idempotency-Key` header sent again refunds nothing more",
  })
  refundDonation(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('amount', { type: () => Float, nullable: true, description: 'At most what is left; all of it when absent' }) amount?: number | null,
    @IdempotencyKey() key?: string,
  ): Promise<Donation> {
    return this.donations.refund(toId(id), amount, caller, ip, key);
  }

  @ResolveField(() => [DonationRefund], { description: 'Its refunds and reversals (chargebacks) at PayPal, oldest first' })
  refunds(@Parent() donation: Donation, @Context() context: GraphQLContext): Promise<DonationRefund[]> | DonationRefund[] {
    // Its refunds add up to its refunded amount, kept in their transaction: a gift with none refunded has none to read.
    return donation.refundedAmountMinor ? context.loaders.donationRefunds.load(donation.id) : [];
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => Donation, {
    description:
      'The pounds a USD gift was worth, when PayPal did not report it, with the rate, its source and its day (a rate needs both); not once claimed; audited',
  })
  setDonationSterlingAmount(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() { id, ...input }: SterlingAmountArgs): Promise<Donation> {
    return this.donations.setSterlingAmount(caller, ip, toId(id), input);
  }

  @ResolveField(() => GiftAidStatus, { description: 'Computed by one service: NotDeclared, Eligible, Claimed, NeedsAdjustment or Ineligible' })
  async giftAidStatus(@Parent() donation: Donation, @Context() context: GraphQLContext): Promise<GiftAidStatus> {
    return (await context.loaders.giftAidState.load(donation.id))!.status;
  }

  @ResolveField(() => String, { nullable: true, description: 'Why the gift is Ineligible or NotDeclared' })
  async giftAidReason(@Parent() donation: Donation, @Context() context: GraphQLContext): Promise<string | null> {
    return (await context.loaders.giftAidState.load(donation.id))!.reason;
  }

  @ResolveField(() => OrderUser, { nullable: true })
  user(@Parent() donation: Donation, @Context() context: GraphQLContext) {
    return donation.userId ? context.loaders.user.load(donation.userId) : null;
  }
}
