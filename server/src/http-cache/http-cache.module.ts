import { Global, Module } from '@nestjs/common';
import { PublicReadCache } from './public-read-cache.js';

/**
 * Visitors' answers kept in memory (GraphQL, the legacy lists, server-rendered pages), emptied on any write on
 * any instance; the list of public endpoints they are drawn from is `public-endpoints.ts`.
 */
@Global()
@Module({ providers: [PublicReadCache], exports: [PublicReadCache] })
export class HttpCacheModule {}
