import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import type { User } from '../auth/entities/user.entity.js';
import { UsersService } from '../auth/users.service.js';
import { PostCategoriesService } from '../content/posts/post-categories.service.js';
import type { PostCategory } from '../content/posts/post-category.entity.js';
import { MediaService } from '../media/media.service.js';
import type { Upload } from '../media/upload.entity.js';

/** Orders loaded rows to match the keys DataLoader asked for. */
export function byKeys<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
}

/**
 * Builds the per-request DataLoaders (a singleton that makes fresh loaders for each GraphQL context), so a
 * list resolving a relation costs one query for the whole page instead of one per row.
 */
@Injectable()
export class LoaderFactory {
  constructor(
    private readonly users: UsersService,
    private readonly postCategories: PostCategoriesService,
    private readonly media: MediaService,
  ) {}

  create() {
    return {
      user: new DataLoader<number, User | null>(async (ids) => byKeys(ids, await this.users.byIds(ids), (u) => u.id)),
      postCategory: new DataLoader<number, PostCategory | null>(async (ids) => byKeys(ids, await this.postCategories.byIds(ids), (c) => c.id)),
      /** Keyed by an entity's `image` URL: its variants and intrinsic size. */
      upload: new DataLoader<string, Upload | null>(async (urls) => byKeys(urls, await this.media.byUrls(urls), (u) => u.url)),
    };
  }
}

export type Loaders = ReturnType<LoaderFactory['create']>;

/** What every GraphQL resolver receives as its context. */
export interface GraphQLContext {
  req: import('express').Request;
  loaders: Loaders;
  /** Run in-process by a server-rendered page: the web app's own fixed queries, not a client's text. */
  internal?: boolean;
}
