import type { ApolloServerPlugin, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { OperationTypeNode } from 'graphql';
import { DataSource, EntitySubscriberInterface } from 'typeorm';
import type { GraphQLContext } from './loaders.js';

type Result = Extract<GraphQLResponse['body'], { kind: 'single' }>['singleResult'];

/**
 * A short-lived cache of what visitors read (GraphQL queries such as the home page, and the public legacy
 * lists), so a busy page costs no SQL at all. Only requests without a token are cached, and only successful
 * answers: those are public by construction, the same for every visitor. Any write through TypeORM on this
 * instance empties it at once; other instances converge within TTL_MS, well inside the minute public reads
 * may be cached by browsers anyway.
 */
@Injectable()
export class PublicReadCache implements OnModuleInit {
  static readonly TTL_MS = 5_000;
  static readonly MAX_ENTRIES = 500;
  private readonly entries = new Map<string, { value: unknown; expires: number }>();

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit() {
    const clear = () => this.entries.clear();
    const subscriber: EntitySubscriberInterface = { afterInsert: clear, afterUpdate: clear, afterRemove: clear, afterSoftRemove: clear };
    this.dataSource.subscribers.push(subscriber);
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value as T;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: unknown) {
    if (this.entries.size >= PublicReadCache.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + PublicReadCache.TTL_MS });
  }

  plugin(): ApolloServerPlugin<GraphQLContext> {
    return {
      requestDidStart: async ({ request, contextValue }) => {
        const headers = contextValue.req.headers;
        // Signed-in callers may see more than visitors; SQL counting must see the real work.
        if (headers.authorization || headers['x-sql-count'] || !request.query) return;
        const key = 'graphql:' + createHash('sha256').update(`${request.operationName ?? ''}\n${request.query}\n${JSON.stringify(request.variables ?? {})}`).digest('base64url');
        let hit = false;
        return {
          responseForOperation: async ({ operation }) => {
            const cached = operation.operation === OperationTypeNode.QUERY ? this.get<Result>(key) : undefined;
            if (!cached) return null;
            hit = true;
            return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: cached } };
          },
          willSendResponse: async ({ response, operation }) => {
            if (hit || operation?.operation !== OperationTypeNode.QUERY || response.body.kind !== 'single' || response.body.singleResult.errors) return;
            this.set(key, response.body.singleResult);
          },
        };
      },
    };
  }
}
