import { Global, Module } from '@nestjs/common';
import { LoaderFactory } from './loaders.js';
import { PublicQueryCache } from './public-query-cache.js';

@Global()
@Module({ providers: [LoaderFactory, PublicQueryCache], exports: [LoaderFactory, PublicQueryCache] })
export class CommonModule {}
