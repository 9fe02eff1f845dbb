import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { byKeys, LoaderFactory } from '../../common/loaders.js';
import { PostCategoriesService } from './post-categories.service.js';
import type { PostCategory } from './post-category.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    postCategory: DataLoader<number, PostCategory | null>;
  }
}

/** `loaders.postCategory`: a page's categories in one query. */
@Injectable()
export class PostCategoryLoader implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly categories: PostCategoriesService,
  ) {}

  onModuleInit() {
    this.loaders.register('postCategory', async (ids) => byKeys(ids, await this.categories.byIds(ids), (category) => category.id));
  }
}
