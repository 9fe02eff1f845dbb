import { Global, Module } from '@nestjs/common';
import { LoaderFactory } from './loaders.js';
import { PublicReadCache } from './public-read-cache.js';
import { RateLimitService } from './rate-limit.js';

@Global()
@Module({ providers: [LoaderFactory, PublicReadCache, RateLimitService], exports: [LoaderFactory, PublicReadCache, RateLimitService] })
export class CommonModule {}
