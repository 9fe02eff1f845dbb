import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { AppError } from '../common/app-error.js';
import { PrayerRequest } from './entities/prayer-request.entity.js';
import { ANONYMOUS, PrayerPrivacy, PrayerWallName, PrayerWallStatus } from './prayer-privacy.js';
import type { PrayerWallEntry, PrayerWallPage } from './prayer-wall.types.js';
import { PRAYER_REQUEST } from './request-kinds.js';
import { RequestStatus } from './request-status.js';
import { RequestsService } from './requests.service.js';

/** On the wall: asked for, approved by a pastor, still shared and open. */
const ON_WALL = `p.wall_status = 'Approved' AND p.privacy = 'PrayerWall' AND p.expires_at > now() AND p.status <> 'Closed'`;

/**
 * The public prayer wall: requests members asked to share there, once a pastor approved them, named as the member
 * chose (first name or "Anonymous", never the surname or any contact detail), with how many people prayed.
 */
@Injectable()
export class PrayerWallService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: RequestsService,
  ) {}

  async page(page: number, perPage: number): Promise<PrayerWallPage> {
    const [items, [{ total }]] = await Promise.all([
      this.dataSource.query<{ id: number; title: string; body: string; firstname: string; wall_name: PrayerWallName; prayed_count: number; created_at: Date }[]>(
        `SELECT p.id, p.title, p.body, u.firstname, p.wall_name, p.prayed_count, p.created_at
           FROM prayer_requests p JOIN users u ON u.id = p.user_id
          WHERE ${ON_WALL}
          ORDER BY p.created_at DESC, p.id DESC LIMIT $1 OFFSET $2`,
        [perPage, page * perPage],
      ),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM prayer_requests p WHERE ${ON_WALL}`),
    ]);
    return {
      total,
      items: items.map(
        (row): PrayerWallEntry => ({
          id: row.id,
          title: row.title,
          body: row.body,
          name: row.wall_name === PrayerWallName.FirstName ? row.firstname : ANONYMOUS,
          prayedCount: row.prayed_count,
          createdAt: row.created_at,
        }),
      ),
    };
  }

  /**
   * "I prayed": counted once a day per member, or per address for a visitor (kept as a hash, never the address).
   * Written in SQL without the entity layer on purpose: a click is not a content change, so it leaves the
   * visitors' cache alone (the wall's count catches up within the cache's few seconds).
   */
  async prayFor(id: number, caller: AuthUser | undefined, address: string): Promise<number> {
    const key = caller ? `member:${caller.id}` : `address:${createHash('sha256').update(address).digest('hex')}`;
    const [row] = await this.dataSource.query<{ prayed_count: number; counted: boolean }[]>(
      `WITH wall AS (SELECT p.id FROM prayer_requests p WHERE p.id = $1 AND ${ON_WALL}),
            counted AS (
              INSERT INTO prayer_prayers (prayer_request_id, prayer_key, day)
              SELECT id, $2, current_date FROM wall
              ON CONFLICT DO NOTHING RETURNING prayer_request_id),
            bumped AS (
              UPDATE prayer_requests SET prayed_count = prayed_count + 1
               WHERE id IN (SELECT prayer_request_id FROM counted) RETURNING prayed_count)
       SELECT coalesce((SELECT prayed_count FROM bumped), p.prayed_count) AS prayed_count
         FROM prayer_requests p WHERE p.id IN (SELECT id FROM wall)`,
      [id, key],
    );
    if (!row) throw AppError.notFound('The prayer request');
    return row.prayed_count;
  }

  /** A pastor puts a request its member asked to share on the wall. */
  async approve(id: number): Promise<PrayerRequest> {
    const request = await this.requests.store(PRAYER_REQUEST).get(id);
    if (request.privacy !== PrayerPrivacy.PrayerWall) throw AppError.badInput('id', 'Its member did not ask for this prayer request to go on the wall');
    if (request.status === RequestStatus.Closed) throw AppError.badInput('id', 'This prayer request is closed');
    return this.requests.store(PRAYER_REQUEST).update(id, { wallStatus: PrayerWallStatus.Approved });
  }

  async remove(id: number): Promise<PrayerRequest> {
    const request = await this.requests.store(PRAYER_REQUEST).get(id);
    if (request.wallStatus === PrayerWallStatus.NotRequested) throw AppError.badInput('id', 'This prayer request is not on the wall');
    return this.requests.store(PRAYER_REQUEST).update(id, { wallStatus: PrayerWallStatus.Removed });
  }
}
