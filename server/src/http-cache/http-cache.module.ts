import { Global, Module } from '@nestjs/common';
import { Callers } from './callers.js';
import { PublicReadCache } from './public-read-cache.js';

/**
 * Visitors' answers kept in memory (GraphQL, the legacy lists, server-rendered pages), emptied on any write on
 * any instance, for verified visitors only (`Callers`); the list of public endpoints they are drawn from is
 * `public-endpoints.ts`.
 */
@Global()
@Module({ providers: [PublicReadCache, Callers], exports: [PublicReadCache, Callers] })
export class HttpCacheModule {}
