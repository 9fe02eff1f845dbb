import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { LoaderFactory } from '../common/loaders.js';
import type { BookingOccurrenceView } from './booking.entity.js';
import { BookingDeskService, type OccurrencesAsked } from './booking-desk.service.js';

declare module '../common/loaders.js' {
  interface Loaders {
    bookingOccurrences: DataLoader<OccurrencesAsked, BookingOccurrenceView[]>;
  }
}

/** `loaders.bookingOccurrences`: the coming occurrences of a page of posts in one query. */
@Injectable()
export class BookingOccurrencesLoader implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly desk: BookingDeskService,
  ) {}

  onModuleInit() {
    this.loaders.register('bookingOccurrences', (asked) => this.desk.occurrencesOf(asked));
  }
}
