import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { byKeys, LoaderFactory } from '../common/loaders.js';
import type { User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';

declare module '../common/loaders.js' {
  interface Loaders {
    user: DataLoader<number, User | null>;
  }
}

/** `loaders.user`: a page's authors and members in one query. */
@Injectable()
export class UserLoader implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly users: UsersService,
  ) {}

  onModuleInit() {
    this.loaders.register('user', async (ids) => byKeys(ids, await this.users.byIds(ids), (user) => user.id));
  }
}
