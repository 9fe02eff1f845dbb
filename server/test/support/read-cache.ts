import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { TestApp } from './test-app.js';

/**
 * Fails unless `read` is answered from what `fill` has just put in the cache: between the two a video is written
 * behind the application's back (no notification), so `read` answering anything but what `fill` got shows it did
 * not come from the cache. Writes visitors read that were made just before (registering a member, the seed an
 * instance starts with) reach every instance as notifications a moment later, each emptying the cache when it
 * arrives, which on a busy machine may fall between the two: then both run again, with a new video, until one
 * round is undisturbed. Only those earlier, finite writes can disturb a round, so a few are enough whatever the
 * load. (Sign-ins and the audit trail no longer notify at all: see `UNREAD_BY_VISITORS`.)
 * Answers the title written behind the cache.
 */
export async function expectFromCache<T>(t: TestApp, fill: () => Promise<T>, read: () => Promise<T>): Promise<string> {
  for (let round = 1; round <= 10; round++) {
    const filled = await fill();
    const behind = `Written behind the cache ${randomBytes(4).toString('hex')}`;
    await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [behind]);
    if (isDeepStrictEqual(await read(), filled)) return behind;
  }
  throw new Error('a row written behind the cache was in the answer in every round: the answers did not come from the cache');
}
