import { Global, Module } from '@nestjs/common';
import { LoaderFactory } from './loaders.js';
import { RateLimitService } from './rate-limit.js';

@Global()
@Module({ providers: [LoaderFactory, RateLimitService], exports: [LoaderFactory, RateLimitService] })
export class CommonModule {}
