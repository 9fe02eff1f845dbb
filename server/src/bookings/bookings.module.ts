import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import type { MailingChoicesModule } from '../common/mailing-choices.js';
import { Post } from '../content/index.js';
import { MailModule } from '../mail/index.js';
import { BookingCancellationService } from './booking-cancellation.service.js';
import { BookingCheckoutService } from './booking-checkout.service.js';
import { BookingOccurrencesLoader } from './booking-occurrences.loader.js';
import { BookingDeskService } from './booking-desk.service.js';
import { BookingFieldsResolver, PostBookingResolver } from './booking-fields.resolver.js';
import { BookingHoldsService } from './booking-holds.service.js';
import { BookingRecordsService } from './booking-records.service.js';
import { BookingRefundsService } from './booking-refunds.service.js';
import { BookingSweepService } from './booking-sweep.service.js';
import { Booking, BookingOccurrence } from './booking.entity.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsPersonalData } from './bookings.personal-data.js';
import { BookingsResolver } from './bookings.resolver.js';
import { BookingWaitlistService } from './booking-waitlist.service.js';

/**
 * Booking places on programs' occurrences: holds, PayPal payments of tickets (through commerce's payment steps),
 * waiting lists, tickets and check-in. `commerce` is the application's own CommerceModule, so both share one instance;
 * `mailingChoices` provides `MAILING_CHOICES` for the booking form's boxes (mailing is above bookings).
 */
@Module({})
export class BookingsModule {
  static forRoot(commerce: DynamicModule, mailingChoices: MailingChoicesModule): DynamicModule {
    return {
      module: BookingsModule,
      imports: [TypeOrmModule.forFeature([Booking, BookingOccurrence, Post]), MailModule, AuditModule, commerce, mailingChoices],
      controllers: [BookingsController],
      providers: [
        BookingRecordsService,
        BookingRefundsService,
        BookingCheckoutService,
        BookingHoldsService,
        BookingWaitlistService,
        BookingCancellationService,
        BookingDeskService,
        BookingOccurrencesLoader,
        BookingSweepService,
        BookingsResolver,
        BookingFieldsResolver,
        PostBookingResolver,
        BookingsPersonalData,
      ],
      exports: [BookingSweepService],
    };
  }
}
