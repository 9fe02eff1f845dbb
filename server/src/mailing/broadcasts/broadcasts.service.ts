import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { RecipientStatus } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions, toId } from '../../common/list.js';
import { sanitizeBody } from '../../content/index.js';
import { MailService } from '../../mail/index.js';
import { MediaService } from '../../media/index.js';
import { absoluteUrl } from '../../site/index.js';
import { audienceOf, audienceSize } from './audience.js';
import { Broadcast, type BroadcastAudienceInput, BroadcastPreview, BroadcastRecipient, BroadcastTotals } from './broadcast.entity.js';
import { BroadcastSender, startSending } from './broadcast-sender.service.js';
import { addressed } from './broadcast-mail.js';
import type { BroadcastContentArgs, BroadcastFilter } from './broadcasts.args.js';
import { LettersService } from './letters.service.js';

const LIST: ListOptions = {
  sortable: {
    id: 'broadcast.id',
    subject: 'broadcast.subject',
    status: 'broadcast.status',
    createdAt: 'broadcast.createdAt',
    scheduledAt: 'broadcast.scheduledAt',
    sentAt: 'broadcast.sentAt',
  },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: ['broadcast.subject'],
};

/** Writing, previewing, test-sending and sending broadcasts, and who they went to. */
@Injectable()
export class BroadcastsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Broadcast) private readonly broadcasts: Repository<Broadcast>,
    private readonly letters: LettersService,
    private readonly sender: BroadcastSender,
    private readonly mail: MailService,
    private readonly media: MediaService,
  ) {}

  private filtered(filter?: BroadcastFilter | null) {
    const query = applyListFilter(this.broadcasts.createQueryBuilder('broadcast'), filter, LIST);
    if (filter?.status) query.andWhere('broadcast.status = :status', { status: filter.status });
    return query;
  }

  list(args: ListArgs, filter?: BroadcastFilter | null) {
    return applyListPage(this.filtered(filter), args, LIST).getMany();
  }

  count(filter?: BroadcastFilter | null) {
    return this.filtered(filter).getCount();
  }

  get(id: string): Promise<Broadcast | null> {
    return this.broadcasts.findOneBy({ id: toId(id) });
  }

  private async draft(manager: EntityManager, id: string): Promise<Broadcast> {
    const broadcast = await manager.findOne(Broadcast, { where: { id: toId(id) }, lock: { mode: 'pessimistic_write' } });
    if (!broadcast) throw AppError.notFound('The e-mail');
    return broadcast;
  }

  private content(args: BroadcastContentArgs) {
    const body = sanitizeBody(args.body, (url) => this.media.ownsImage(url));
    if (!body) throw AppError.badInput('body', 'body is required');
    return { subject: args.subject.trim(), body };
  }

  async create(staff: AuthUser, args: BroadcastContentArgs): Promise<Broadcast> {
    const audience = await audienceOf(this.dataSource.manager, args.listId, args.audience);
    return this.broadcasts.save(
      this.broadcasts.create({ ...this.content(args), audienceStored: audience, listId: audience.listId ?? null, createdBy: staff.id }),
    );
  }

  async update(id: string, args: BroadcastContentArgs): Promise<Broadcast> {
    return this.dataSource.transaction(async (manager) => {
      // The audience first: a malformed id in it is a 400 before any record is looked up.
      const audience = await audienceOf(manager, args.listId, args.audience);
      const broadcast = await this.draft(manager, id);
      if (broadcast.status !== 'Draft') throw AppError.badInput('id', 'Only a draft can be changed: cancel its schedule first');
      return manager.save(Object.assign(broadcast, { ...this.content(args), audienceStored: audience, listId: audience.listId ?? null }));
    });
  }

  async size(listId: string | null | undefined, input: BroadcastAudienceInput | null | undefined): Promise<number> {
    return audienceSize(this.dataSource.manager, await audienceOf(this.dataSource.manager, listId, input));
  }

  async listName(listId: number | null | undefined): Promise<string | null> {
    if (!listId) return null;
    const [list] = await this.dataSource.query<{ name: string }[]>(`SELECT name FROM mailing_lists WHERE id = $1`, [listId]);
    return list?.name ?? null;
  }

  async preview(args: BroadcastContentArgs): Promise<BroadcastPreview> {
    const audience = await audienceOf(this.dataSource.manager, args.listId, args.audience);
    const rendered = await this.letters.render({ ...this.content(args), audience, listName: await this.listName(audience.listId) });
    return addressed(rendered, absoluteUrl(this.letters.config, '/unsubscribe?token=sample'));
  }

  /** The e-mail as a recipient gets it, to the caller's own address, marked as a test. */
  async testSend(staff: AuthUser, id: string): Promise<string> {
    const broadcast = await this.get(id);
    if (!broadcast) throw AppError.notFound('The e-mail');
    const [account] = await this.dataSource.query<{ email: string }[]>(`SELECT email FROM users WHERE id = $1`, [staff.id]);
    const rendered = await this.letters.render({ ...broadcast, audience: broadcast.audienceStored, listName: await this.listName(broadcast.listId) });
    const { html, text } = addressed(rendered, absoluteUrl(this.letters.config, '/newsletters'));
    await this.mail.queue({ to: account.email, subject: `[Test] ${broadcast.subject}`, text, html });
    return account.email;
  }

  /** Now (its recipients fixed in this transaction) or at `at`; only a draft is sent. */
  async send(id: string, at: Date | null | undefined): Promise<Broadcast> {
    const now = new Date();
    const broadcast = await this.dataSource.transaction(async (manager) => {
      const draft = await this.draft(manager, id);
      if (draft.status !== 'Draft')
        throw AppError.badInput('id', draft.status === 'Scheduled' ? 'This e-mail is already scheduled' : 'This e-mail has already been sent');
      if (at && at.getTime() > now.getTime()) {
        await manager.update(Broadcast, draft.id, { status: 'Scheduled', scheduledAt: at });
      } else {
        await manager.update(Broadcast, draft.id, { scheduledAt: now });
        await startSending(manager, draft.id, draft.audienceStored, now);
      }
      return manager.findOneByOrFail(Broadcast, { id: draft.id });
    });
    this.sender.wake();
    return broadcast;
  }

  async cancel(id: string): Promise<Broadcast> {
    return this.dataSource.transaction(async (manager) => {
      const broadcast = await this.draft(manager, id);
      if (broadcast.status !== 'Scheduled') throw AppError.badInput('id', 'Only a scheduled e-mail can be cancelled');
      await manager.update(Broadcast, broadcast.id, { status: 'Draft', scheduledAt: null });
      return manager.findOneByOrFail(Broadcast, { id: broadcast.id });
    });
  }

  async totals(broadcastId: number): Promise<BroadcastTotals> {
    const rows = await this.dataSource.query<{ status: RecipientStatus; count: number }[]>(
      `SELECT status, count(*)::int AS count FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY status`,
      [broadcastId],
    );
    const of = (status: RecipientStatus) => rows.find((row) => row.status === status)?.count ?? 0;
    return {
      queued: of('Queued'),
      sent: of('Sent'),
      deferred: of('Deferred'),
      bounced: of('Bounced'),
      complained: of('Complained'),
      unsubscribed: of('Unsubscribed'),
    };
  }

  /** Who a draft would go to now; who a started one went to. */
  async recipientCount(broadcast: Broadcast): Promise<number> {
    if (broadcast.status === 'Draft' || broadcast.status === 'Scheduled') return audienceSize(this.dataSource.manager, broadcast.audienceStored);
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM broadcast_recipients WHERE broadcast_id = $1`, [
      broadcast.id,
    ]);
    return count;
  }

  private recipientsWhere(id: string, status?: RecipientStatus | null) {
    return { sql: `broadcast_id = $1 AND ($2::text IS NULL OR status = $2) AND email IS NOT NULL`, params: [toId(id), status ?? null] };
  }

  async recipients(id: string, status: RecipientStatus | null | undefined, page = 0, perPage = 25): Promise<BroadcastRecipient[]> {
    const where = this.recipientsWhere(id, status);
    return this.dataSource.query<BroadcastRecipient[]>(
      `SELECT id::text AS id, email, status, attempts, last_reply AS "lastReply", sent_at AS "sentAt", updated_at AS "updatedAt"
         FROM broadcast_recipients WHERE ${where.sql} ORDER BY id LIMIT $3 OFFSET $4`,
      [...where.params, perPage, page * perPage],
    );
  }

  async recipientsCount(id: string, status?: RecipientStatus | null): Promise<number> {
    const where = this.recipientsWhere(id, status);
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM broadcast_recipients WHERE ${where.sql}`,
      where.params,
    );
    return count;
  }
}
