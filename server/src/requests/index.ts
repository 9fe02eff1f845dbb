// Care requests, forms and prayer as the rest of the server sees them; every other file of requests/ is its own.
export { RequestsModule } from './requests.module.js';
export { RequestsService } from './requests.service.js';
export { PrayerRequestsService } from './prayer-requests.service.js';
export {
  BAPTISM_REQUEST,
  CONTACT_ENQUIRY,
  COUNSELLING_REQUEST,
  PRAYER_REQUEST,
  QUESTION,
  type RequestKind,
  SUBMISSIONS_PER_MINUTE,
} from './request-kinds.js';
export { RequestStatus } from './request-status.js';
export { CareEvent, CareEventType } from './entities/care-event.entity.js';
export { PrayerRequest } from './entities/prayer-request.entity.js';
export type { RequestRecord } from './entities/request-record.js';
export { PrayerPrivacy, PrayerWallName, PrayerWallStatus, SHARING_DAYS } from './prayer-privacy.js';
export { CreatePrayerRequestArgs } from './dto/prayer-request.args.js';
export { BaptismRequestArgs, ContactEnquiryArgs, CounsellingRequestArgs, QuestionArgs } from './dto/public-request.args.js';
export { IDEMPOTENCY_KEY_HOURS, IdempotencyKey } from './idempotency.js';
export { forContactViewer, forViewer } from './staff-only.js';
