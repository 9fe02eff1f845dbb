import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { byKeys, LoaderFactory } from '../common/loaders.js';
import { MediaService } from './media.service.js';
import type { Upload } from './upload.entity.js';

declare module '../common/loaders.js' {
  interface Loaders {
    /** Keyed by an entity's `image` URL: its variants and intrinsic size. */
    upload: DataLoader<string, Upload | null>;
  }
}

/** `loaders.upload`: a page's pictures in one query. */
@Injectable()
export class UploadLoader implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly media: MediaService,
  ) {}

  onModuleInit() {
    this.loaders.register('upload', async (urls) => byKeys(urls, await this.media.byUrls(urls), (upload) => upload.url));
  }
}
