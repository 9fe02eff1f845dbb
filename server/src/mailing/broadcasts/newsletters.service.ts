import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Newsletter } from './broadcast.entity.js';

/** Sent broadcasts of public lists: the archive anyone may read. */
const ARCHIVED = `SELECT b.id, b.subject, b.body, l.name AS "listName", b.sent_at AS "sentAt"
  FROM broadcasts b JOIN mailing_lists l ON l.id = b.list_id
 WHERE b.status = 'Sent' AND l.public AND b.audience->>'kind' = 'List'`;

@Injectable()
export class NewslettersService {
  constructor(private readonly dataSource: DataSource) {}

  list(page: number, perPage: number): Promise<Newsletter[]> {
    return this.dataSource.query(`${ARCHIVED} ORDER BY b.sent_at DESC, b.id DESC LIMIT $1 OFFSET $2`, [perPage, page * perPage]);
  }

  async get(id: number): Promise<Newsletter | null> {
    const [found] = await this.dataSource.query<Newsletter[]>(`${ARCHIVED} AND b.id = $1`, [id]);
    return found ?? null;
  }
}
