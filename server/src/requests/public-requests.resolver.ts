import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Public } from '../access/decorators.js';
import { RateLimit } from '../common/rate-limit.js';
import { BaptismRequestArgs, ContactEnquiryArgs, CounsellingRequestArgs, QuestionArgs, Submission } from './dto/public-request.args.js';
import { BAPTISM_REQUEST, CONTACT_ENQUIRY, COUNSELLING_REQUEST, QUESTION, SUBMISSIONS_PER_MINUTE } from './request-kinds.js';
import { IdempotencyKey } from './idempotency.js';
import { RequestsService } from './requests.service.js';

/** The public forms; each shares its per-address limit and its idempotency keys with its legacy REST path. */
@Resolver(() => Submission)
export class PublicRequestsResolver {
  constructor(private readonly requests: RequestsService) {}

  @Public()
  @RateLimit('contact', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => Submission, { description: 'Sends a contact enquiry.' })
  createContactEnquiry(@Args() input: ContactEnquiryArgs, @IdempotencyKey() key?: string): Promise<Submission> {
    return this.requests.submit(CONTACT_ENQUIRY, input, key);
  }

  @Public()
  @RateLimit('question', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => Submission, { description: 'Asks a question.' })
  createQuestion(@Args() input: QuestionArgs, @IdempotencyKey() key?: string): Promise<Submission> {
    return this.requests.submit(QUESTION, input, key);
  }

  @Public()
  @RateLimit('counselling', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => Submission, { description: 'Requests counselling.' })
  createCounsellingRequest(@Args() input: CounsellingRequestArgs, @IdempotencyKey() key?: string): Promise<Submission> {
    return this.requests.submit(COUNSELLING_REQUEST, input, key);
  }

  @Public()
  @RateLimit('baptism', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => Submission, { description: 'Requests baptism.' })
  createBaptismRequest(@Args() input: BaptismRequestArgs, @IdempotencyKey() key?: string): Promise<Submission> {
    return this.requests.submit(BAPTISM_REQUEST, input, key);
  }
}
