import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../../privacy/index.js';
import { CATEGORY } from './post-category.entity.js';

/** How long a withdrawn consent is kept as proof of the permission a publication had: the limitation period for a claim. */
const CONSENT_PROOF_YEARS = 6;

/** A member's testimonies (posts they wrote) and the consents under which they are published. */
@PersonalDataSource()
@Injectable()
export class TestimoniesPersonalData implements PersonalDataContribution {
  readonly tables = ['posts', 'consents'];

  uses() {
    return [
      {
        record: 'Testimonies and your consents to publish them',
        purposes: ['to publish your testimony under the name you chose, while your consent stands', 'to show that what we publish was published with your permission'],
        recipients: ['Visitors to the website, once your testimony is published'],
      },
    ];
  }

  async export({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return { testimonies: [], consents: [] };
    const testimonies = await manager.query<Record<string, unknown>[]>(
      `SELECT id, name AS title, body, status, display_name AS "displayName", created_at AS "createdAt" FROM posts WHERE author_id = $1 AND category_id = $2 ORDER BY created_at, id`,
      [userId, CATEGORY.testimonies],
    );
    const consents = await manager.query<Record<string, unknown>[]>(
      `SELECT id, kind, post_id AS "postId", display_name AS "displayName", text_version AS "textVersion", text, given_at AS "givenAt", withdrawn_at AS "withdrawnAt"
         FROM consents WHERE user_id = $1 ORDER BY given_at, id`,
      [userId],
    );
    return { testimonies, consents };
  }

  /**
   * Published testimonies stay only while their consent stands, and no longer name anyone. The consents stay:
   * they are the record that what is still published was published with permission.
   */
  async erase({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return;
    await manager.query(
      `DELETE FROM posts p WHERE p.author_id = $1 AND p.category_id = $2
         AND (p.status <> 'Authorised' OR NOT EXISTS (SELECT 1 FROM consents c WHERE c.post_id = p.id AND c.withdrawn_at IS NULL))`,
      [userId, CATEGORY.testimonies],
    );
    await manager.query(`UPDATE posts SET display_name = 'Anonymous' WHERE author_id = $1 AND category_id = $2`, [userId, CATEGORY.testimonies]);
  }

  retention() {
    return {
      rank: 15,
      rules: [
        {
          record: 'Testimonies',
          period: 'While your consent to publish them stands',
          action: 'Taken down when you withdraw consent and deleted at the next daily run; deleted with your account unless still published with your consent (then shown as Anonymous)',
        },
        {
          record: 'Consents to publish a testimony',
          period: `While the testimony is published; once withdrawn, ${CONSENT_PROOF_YEARS} years`,
          action: 'Deleted; kept until then as the record that what was published had permission',
        },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const done: string[] = [];
    // A testimony whose consent was withdrawn (and none given since) is no longer the church's to keep.
    const [, testimonies] = await manager.query<[unknown, number]>(
      `DELETE FROM posts p WHERE p.category_id = $1 AND p.status <> 'Authorised'
         AND EXISTS (SELECT 1 FROM consents c WHERE c.post_id = p.id AND c.withdrawn_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.post_id = p.id AND c.withdrawn_at IS NULL)`,
      [CATEGORY.testimonies],
    );
    if (testimonies) done.push(`${testimonies} testimonies whose consent was withdrawn deleted`);
    const [, consents] = await manager.query<[unknown, number]>(`DELETE FROM consents WHERE withdrawn_at < $1::timestamptz - make_interval(years => $2)`, [now, CONSENT_PROOF_YEARS]);
    if (consents) done.push(`${consents} withdrawn consents deleted`);
    return { done };
  }
}
