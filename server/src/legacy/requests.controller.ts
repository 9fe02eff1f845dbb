import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { PERMISSION, REQUEST_KIND } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { requireSelf } from '../access/ownership.js';
import { CurrentUser, Public, Can } from '../access/decorators.js';
import { Audited } from '../audit/index.js';
import { toLegacyPrayerRequest } from './shapes.js';
import { toId } from '../common/list.js';
import { RateLimit } from '../common/rate-limit.js';
import { LegacyPrayerRequestBody } from './bodies/requests.js';
import {
  BAPTISM_REQUEST,
  BaptismRequestArgs,
  CONTACT_ENQUIRY,
  ContactEnquiryArgs,
  COUNSELLING_REQUEST,
  CounsellingRequestArgs,
  forViewer,
  IdempotencyKey,
  PrayerRequestsService,
  QUESTION,
  QuestionArgs,
  RequestsService,
  SUBMISSIONS_PER_MINUTE,
} from '../requests/index.js';

/** The spec's request paths (section 7): public forms, prayer requests and the admin tables. */
@Controller('api')
export class LegacyRequestsController {
  constructor(
    private readonly requests: RequestsService,
    private readonly prayers: PrayerRequestsService,
  ) {}

  @Public()
  @RateLimit('contact', SUBMISSIONS_PER_MINUTE, 60)
  @Post('contact-us')
  contactUs(@Body() input: ContactEnquiryArgs, @IdempotencyKey() key?: string) {
    return this.requests.submit(CONTACT_ENQUIRY, input, key);
  }

  @Public()
  @RateLimit('question', SUBMISSIONS_PER_MINUTE, 60)
  @Post('question')
  question(@Body() input: QuestionArgs, @IdempotencyKey() key?: string) {
    return this.requests.submit(QUESTION, input, key);
  }

  @Public()
  @RateLimit('counselling', SUBMISSIONS_PER_MINUTE, 60)
  @Post('counselling')
  counselling(@Body() input: CounsellingRequestArgs, @IdempotencyKey() key?: string) {
    return this.requests.submit(COUNSELLING_REQUEST, input, key);
  }

  @Public()
  @RateLimit('baptism', SUBMISSIONS_PER_MINUTE, 60)
  @Post('baptism')
  baptism(@Body() input: BaptismRequestArgs, @IdempotencyKey() key?: string) {
    return this.requests.submit(BAPTISM_REQUEST, input, key);
  }

  @Can(PERMISSION.careRead)
  @Audited('care.list', REQUEST_KIND.ContactEnquiry)
  @Get('all-contacts')
  allContacts() {
    return this.requests.store(CONTACT_ENQUIRY).all();
  }

  @Can(PERMISSION.careRead)
  @Audited('care.list', REQUEST_KIND.Question)
  @Get('all-questions')
  allQuestions() {
    return this.requests.store(QUESTION).all();
  }

  @Can(PERMISSION.careRead)
  @Audited('care.list', REQUEST_KIND.CounsellingRequest)
  @Get('all-counselling')
  allCounselling() {
    return this.requests.store(COUNSELLING_REQUEST).all();
  }

  @Can(PERMISSION.careRead)
  @Audited('care.list', REQUEST_KIND.BaptismRequest)
  @Get('all-baptism')
  allBaptism() {
    return this.requests.store(BAPTISM_REQUEST).all();
  }

  /** `usersId` is kept for the legacy client and must be the caller; the member is taken from the token. */
  @RateLimit('prayer-request', SUBMISSIONS_PER_MINUTE, 60)
  @Post('make-prayer-request')
  async makePrayerRequest(@CurrentUser() caller: AuthUser, @Body() { usersId, ...input }: LegacyPrayerRequestBody, @IdempotencyKey() key?: string) {
    requireSelf(caller, usersId === undefined ? undefined : Number(usersId), 'usersId');
    return forViewer(toLegacyPrayerRequest(await this.prayers.create(caller, input, key), caller), caller);
  }

  @Audited('care.list', REQUEST_KIND.PrayerRequest)
  @Get('prayer-request/:userId/my-prayer-requests')
  async myPrayerRequests(@CurrentUser() caller: AuthUser, @Param('userId') userId: string) {
    return (await this.prayers.forMember(caller, toId(userId, 'userId'))).map((request) => forViewer(toLegacyPrayerRequest(request, caller), caller));
  }

  /** Pastors get every request; the prayer team those shared with it while open, without the members' place. */
  @Can(PERMISSION.prayerReadShared)
  @Audited('care.list', REQUEST_KIND.PrayerRequest)
  @Get('all-prayer-requests')
  async allPrayerRequests(@CurrentUser() caller: AuthUser) {
    return (await this.prayers.withMembers(caller)).map((request) => forViewer(toLegacyPrayerRequest(request, caller), caller));
  }
}
