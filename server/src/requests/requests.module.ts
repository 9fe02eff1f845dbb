import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { BaptismRequest } from './entities/baptism-request.entity.js';
import { ContactEnquiry } from './entities/contact-enquiry.entity.js';
import { CounsellingRequest } from './entities/counselling-request.entity.js';
import { PrayerRequest } from './entities/prayer-request.entity.js';
import { Question } from './entities/question.entity.js';
import { PrayerRequestsResolver } from './prayer-requests.resolver.js';
import { PrayerRequestsService } from './prayer-requests.service.js';
import { PublicRequestsResolver } from './public-requests.resolver.js';
import { PUBLIC_KINDS } from './request-kinds.js';
import { RequestNotifier } from './request-mails.js';
import { RequestsService } from './requests.service.js';
import { reviewResolverFor } from './review.resolver.js';

/** Contact enquiries, questions, counselling, baptism and prayer requests: public forms, member prayers, staff review. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactEnquiry, Question, CounsellingRequest, BaptismRequest, PrayerRequest]), MailModule],
  providers: [
    RequestsService,
    PrayerRequestsService,
    RequestNotifier,
    PublicRequestsResolver,
    PrayerRequestsResolver,
    ...PUBLIC_KINDS.map((kind) => reviewResolverFor(kind)),
  ],
  exports: [RequestsService, PrayerRequestsService],
})
export class RequestsModule {}
