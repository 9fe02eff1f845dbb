import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';

/**
 * Uploaded images and audio record which account uploaded them. The images are the site's content, re-encoded
 * without their metadata (no camera, no place), and the audio is sermons staff publish, so both stay through an
 * erasure; the link to the account does not.
 */
@PersonalDataSource()
@Injectable()
export class UploadsPersonalData implements PersonalDataContribution {
  readonly tables = ['uploads', 'audio_files'];

  uses() {
    return [
      { record: 'Images you uploaded', purposes: ['to show them on the website, and to know who added each one'], recipients: ['Visitors to the website, who see the images (never who uploaded them)'] },
      { record: 'Sermon audio you uploaded', purposes: ['to publish it on the website and the podcast, and to know who added each file'], recipients: ['Visitors and podcast listeners, who hear the audio (never who uploaded it)'] },
    ];
  }

  async export({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return { uploads: [], audioUploads: [] };
    const uploads = await manager.query<Record<string, unknown>[]>(
      `SELECT url, purpose, width, height, created_at AS "createdAt" FROM uploads WHERE uploaded_by = $1 ORDER BY created_at, id`,
      [userId],
    );
    const audioUploads = await manager.query<Record<string, unknown>[]>(
      `SELECT url, mime_type AS "mimeType", duration_seconds AS "durationSeconds", created_at AS "createdAt"
         FROM audio_files WHERE uploaded_by = $1 ORDER BY created_at, id`,
      [userId],
    );
    return { uploads, audioUploads };
  }

  /** The link to the uploader goes with the account; the image stays, as content. */
  async erase({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return;
    await manager.query(`UPDATE uploads SET uploaded_by = NULL WHERE uploaded_by = $1`, [userId]);
    await manager.query(`UPDATE audio_files SET uploaded_by = NULL WHERE uploaded_by = $1`, [userId]);
  }

  retention() {
    return {
      rank: 60,
      rules: [
        { record: 'Images uploaded to the site', period: 'While the site’s content uses them', action: 'Kept as content; which account uploaded one is forgotten when that account is deleted' },
        { record: 'Sermon audio uploaded to the site', period: 'While the site’s sermons use it', action: 'Kept as content; which account uploaded one is forgotten when that account is deleted' },
      ],
    };
  }

  /** Catches up an account erased before its uploads' links were forgotten at erasure. */
  async applyRetention(_now: Date, manager: EntityManager): Promise<RetentionDone> {
    const [, images] = await manager.query<[unknown, number]>(
      `UPDATE uploads u SET uploaded_by = NULL FROM users x WHERE x.id = u.uploaded_by AND x.erased_at IS NOT NULL`,
    );
    const [, audio] = await manager.query<[unknown, number]>(
      `UPDATE audio_files a SET uploaded_by = NULL FROM users x WHERE x.id = a.uploaded_by AND x.erased_at IS NOT NULL`,
    );
    const unlinked = images + audio;
    return { done: unlinked ? [`${unlinked} uploads no longer linked to a deleted account`] : [] };
  }
}
