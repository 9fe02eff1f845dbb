import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import { MailModule } from '../mail/index.js';
import { CareInboxService } from './care/care-inbox.service.js';
import { CareEventResolver, CareResolver } from './care/care.resolver.js';
import { CareEvent } from './entities/care-event.entity.js';
import { PrayerRepliesLoader } from './prayer-replies.loader.js';
import { PrayerWallResolver } from './prayer-wall.resolver.js';
import { PrayerWallService } from './prayer-wall.service.js';
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
import { RequestsPersonalData } from './requests.personal-data.js';
import { RequestsService } from './requests.service.js';
import { reviewResolverFor } from './review.resolver.js';

/** Contact enquiries, questions, counselling, baptism and prayer requests: public forms, member prayers, the prayer wall, the care inbox. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactEnquiry, Question, CounsellingRequest, BaptismRequest, PrayerRequest, CareEvent]), AuditModule, MailModule],
  providers: [
    RequestsService,
    PrayerRequestsService,
    RequestNotifier,
    PublicRequestsResolver,
    PrayerRequestsResolver,
    PrayerRepliesLoader,
    PrayerWallService,
    PrayerWallResolver,
    CareInboxService,
    CareResolver,
    CareEventResolver,
    RequestsPersonalData,
    ...PUBLIC_KINDS.map((kind) => reviewResolverFor(kind)),
  ],
  exports: [RequestsService, PrayerRequestsService],
})
export class RequestsModule {}
