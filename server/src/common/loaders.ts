import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';

/** Orders loaded rows to match the keys DataLoader asked for. */
export function byKeys<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
}

/**
 * The per-request loaders, by name. Each feature adds its own by augmenting this interface
 * (`declare module '…/common/loaders.js'`) and registering a batch function, so this layer knows no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface Loaders {}

type BatchFor<N extends keyof Loaders> = Loaders[N] extends DataLoader<infer K, infer V> ? (keys: readonly K[]) => Promise<V[]> : never;

/**
 * Builds the per-request DataLoaders (a singleton that makes fresh loaders for each GraphQL context), so a
 * list resolving a relation costs one query for the whole page instead of one per row.
 */
@Injectable()
export class LoaderFactory {
  private readonly batches = new Map<keyof Loaders, (keys: readonly unknown[]) => Promise<unknown[]>>();

  /** Called once by the feature that owns `name`, when its module starts. */
  register<N extends keyof Loaders>(name: N, batch: BatchFor<N>): void {
    this.batches.set(name, batch);
  }

  create(): Loaders {
    return Object.fromEntries([...this.batches].map(([name, batch]) => [name, new DataLoader(batch)])) as unknown as Loaders;
  }
}

/** What every GraphQL resolver receives as its context. */
export interface GraphQLContext {
  req: import('express').Request;
  loaders: Loaders;
  /** Run in-process by a server-rendered page: the web app's own fixed queries, not a client's text. */
  internal?: boolean;
}
