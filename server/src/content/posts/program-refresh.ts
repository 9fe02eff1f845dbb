import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PostsService } from './posts.service.js';

/**
 * Keeps recurring programs in "upcoming" order: after an occurrence has passed, its program sorts by the next
 * one. Every instance runs it (it is idempotent and looks at a handful of rows through a partial index);
 * the time each occurrence has passed is all a lost run costs, so no durable job is needed.
 */
@Injectable()
export class ProgramRefresh implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly EVERY_MS = 5 * 60_000;
  private readonly logger = new Logger('Programs');
  private timer?: NodeJS.Timeout;

  constructor(private readonly posts: PostsService) {}

  onApplicationBootstrap() {
    const run = () => this.posts.refreshNextOccurrences().catch((error: Error) => this.logger.warn(`next occurrences not refreshed: ${error.message}`));
    void run();
    this.timer = setInterval(() => void run(), ProgramRefresh.EVERY_MS).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }
}
