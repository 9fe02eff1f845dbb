import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';

/**
 * Uploaded images record which account uploaded them. The images are the site's content, re-encoded without
 * their metadata (no camera, no place), so they stay through an erasure; the link to the account does not.
 */
@PersonalDataSource()
@Injectable()
export class UploadsPersonalData implements PersonalDataContribution {
  readonly tables = ['uploads'];

  async export() {
    return {};
  }

  /** The link to the uploader goes with the account; the image stays, as content. */
  async erase({ userId }: DataSubject, manager: EntityManager) {
    if (userId !== null) await manager.query(`UPDATE uploads SET uploaded_by = NULL WHERE uploaded_by = $1`, [userId]);
  }

  retention() {
    return {
      rank: 60,
      rules: [{ record: 'Images uploaded to the site', period: 'While the site’s content uses them', action: 'Kept as content; which account uploaded one is forgotten when that account is deleted' }],
    };
  }

  /** Catches up an account erased before its uploads' links were forgotten at erasure. */
  async applyRetention(_now: Date, manager: EntityManager): Promise<RetentionDone> {
    const [, unlinked] = await manager.query<[unknown, number]>(
      `UPDATE uploads u SET uploaded_by = NULL FROM users x WHERE x.id = u.uploaded_by AND x.erased_at IS NOT NULL`,
    );
    return { done: unlinked ? [`${unlinked} uploads no longer linked to a deleted account`] : [] };
  }
}
