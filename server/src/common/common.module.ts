import { Global, Module } from '@nestjs/common';
import { LoaderFactory } from './loaders.js';
import { PublicReadCache } from './public-read-cache.js';

@Global()
@Module({ providers: [LoaderFactory, PublicReadCache], exports: [LoaderFactory, PublicReadCache] })
export class CommonModule {}
