import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { LoaderFactory } from '../common/loaders.js';
import { PrayerRequestsService, type PrayerReplyRow } from './prayer-requests.service.js';

declare module '../common/loaders.js' {
  interface Loaders {
    prayerReplies: DataLoader<number, PrayerReplyRow[]>;
  }
}

/** `loaders.prayerReplies`: the replies to a page of prayer requests in one query. */
@Injectable()
export class PrayerRepliesLoader implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly prayers: PrayerRequestsService,
  ) {}

  onModuleInit() {
    this.loaders.register('prayerReplies', (ids) => this.prayers.replies(ids));
  }
}
