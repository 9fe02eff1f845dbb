import { Accounts1763800000000 } from './1763800000000-accounts.js';
import { Content1763800100000 } from './1763800100000-content.js';
import { Requests1763800200000 } from './1763800200000-requests.js';
import { Commerce1763800300000 } from './1763800300000-commerce.js';
import { SignInFailures1763900000000 } from './1763900000000-sign-in-failures.js';
import { Reach1795426326000 } from './1795426326000-reach.js';
import { PastoralCare1795450000000 } from './1795450000000-pastoral-care.js';
import { Privacy1795460000000 } from './1795460000000-privacy.js';
import { RegularGiving1795500000000 } from './1795500000000-regular-giving.js';
import { GiftAid1795600000000 } from './1795600000000-gift-aid.js';
import { EmailVerification1795700000000 } from './1795700000000-email-verification.js';
import { Idempotency1795720000000 } from './1795720000000-idempotency.js';
import { DonationRefunds1795800000000 } from './1795800000000-donation-refunds.js';
import { GiftAidClaimLifecycle1795810000000 } from './1795810000000-gift-aid-claim-lifecycle.js';
import { AccountingPeriod1795820000000 } from './1795820000000-accounting-period.js';
import { GiftAidDeclarationsStaff1795830000000 } from './1795830000000-gift-aid-declarations-staff.js';
import { AuditAddressExpiry1795840000000 } from './1795840000000-audit-address-expiry.js';
import { AccountChangeNotify1795850000000 } from './1795850000000-account-change-notify.js';
import { EventBooking1795900000000 } from './1795900000000-event-booking.js';
import { Mailing1796000000000 } from './1796000000000-mailing.js';
import { Sermons1796100000000 } from './1796100000000-sermons.js';
import { AudioFiles1796100000500 } from './1796100000500-audio-files.js';
import { LiveStream1796100000600 } from './1796100000600-live-stream.js';
import { BookingRefundFailures1796100000700 } from './1796100000700-booking-refund-failures.js';
import { RefundAttempts1796100000800 } from './1796100000800-refund-attempts.js';

/** Every migration, oldest first; run at start-up. */
export const MIGRATIONS = [
  Accounts1763800000000,
  Content1763800100000,
  Requests1763800200000,
  Commerce1763800300000,
  SignInFailures1763900000000,
  Reach1795426326000,
  PastoralCare1795450000000,
  Privacy1795460000000,
  RegularGiving1795500000000,
  GiftAid1795600000000,
  EmailVerification1795700000000,
  Idempotency1795720000000,
  DonationRefunds1795800000000,
  GiftAidClaimLifecycle1795810000000,
  AccountingPeriod1795820000000,
  GiftAidDeclarationsStaff1795830000000,
  AuditAddressExpiry1795840000000,
  AccountChangeNotify1795850000000,
  EventBooking1795900000000,
  Mailing1796000000000,
  Sermons1796100000000,
  AudioFiles1796100000500,
  LiveStream1796100000600,
  BookingRefundFailures1796100000700,
  RefundAttempts1796100000800,
];
