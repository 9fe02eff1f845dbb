import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { absoluteUrl } from '../../site/index.js';
import { escapeHtml } from '../../common/escape-html.js';

/**
 * Posts and videos an Editor asked to announce, once they are public: one broadcast each to their list, started at
 * once. `source_key` is unique, so an edit, a second publication or two instances at once never announce twice.
 */
export async function announceDue(manager: EntityManager, now: Date, config: Pick<AppConfig, 'publicUrl'>): Promise<void> {
  const posts = await manager.query<{ id: number; name: string; excerpt: string; list_id: number }[]>(
    `SELECT p.id, p.name, p.excerpt, p.announce_list_id AS list_id FROM posts p
      WHERE p.announce_list_id IS NOT NULL AND p.status = 'Authorised'
        AND NOT EXISTS (SELECT 1 FROM broadcasts b WHERE b.source_key = 'post:' || p.id)`,
  );
  const videos = await manager.query<{ id: number; title: string; list_id: number }[]>(
    `SELECT v.id, v.title, v.announce_list_id AS list_id FROM videos v
      WHERE v.announce_list_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM broadcasts b WHERE b.source_key = 'video:' || v.id)`,
  );
  const link = (path: string, words: string) => `<p><a href="${absoluteUrl(config, path)}">${words}</a></p>`;
  const due = [
    ...posts.map((post) => ({
      key: `post:${post.id}`,
      postId: post.id,
      subject: post.name,
      body: `<p>${escapeHtml(post.excerpt)}</p>${link(`/post-details/${post.id}`, 'Read it on our website')}`,
      listId: post.list_id,
    })),
    ...videos.map((video) => ({
      key: `video:${video.id}`,
      postId: null,
      subject: `New video: ${video.title}`,
      body: link('/videos', 'Watch it on our website'),
      listId: video.list_id,
    })),
  ];
  for (const item of due) {
    await manager.query(
      `INSERT INTO broadcasts (subject, body, list_id, audience, status, scheduled_at, post_id, source_key)
       VALUES ($1, $2, $3, $4, 'Scheduled', $5, $6, $7) ON CONFLICT (source_key) DO NOTHING`,
      [item.subject.slice(0, 200), item.body, item.listId, { kind: 'List', listId: item.listId }, now, item.postId, item.key],
    );
  }
}
