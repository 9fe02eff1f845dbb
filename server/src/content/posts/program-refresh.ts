import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, Repository } from 'typeorm';
import { Post } from './post.entity.js';
import { sortStart } from './program-schedule.js';

/** Recurring programs moved on per run; more wait for the next one. */
const REFRESH_BATCH = 500;

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

  constructor(@InjectRepository(Post) private readonly posts: Repository<Post>) {}

  onApplicationBootstrap() {
    const run = () => this.refreshNextOccurrences().catch((error: Error) => this.logger.warn(`next occurrences not refreshed: ${error.message}`));
    void run();
    this.timer = setInterval(() => void run(), ProgramRefresh.EVERY_MS).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Moves recurring programs whose stored next occurrence has passed on to their next one. Answers how many moved. */
  async refreshNextOccurrences(now = new Date()): Promise<number> {
    const stale = await this.posts.find({
      where: { recurrence: Not(IsNull()), sortStartsAt: LessThan(now) },
      order: { sortStartsAt: 'ASC' },
      take: REFRESH_BATCH,
    });
    let moved = 0;
    for (const post of stale) {
      const next = sortStart(post, now);
      if (next?.getTime() === post.sortStartsAt?.getTime()) continue;
      await this.posts.update(post.id, { sortStartsAt: next });
      moved += 1;
    }
    return moved;
  }
}
