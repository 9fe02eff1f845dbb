import { Inject, Injectable, Logger } from '@nestjs/common';
import { Brackets, DataSource, In, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { can, rolesWith } from '../../access/permissions.js';
import { AuditService } from '../../audit/index.js';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions } from '../../common/list.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService } from '../../mail/index.js';
import { CareEvent, CareEventType } from '../entities/care-event.entity.js';
import { CARE_KINDS } from '../request-kinds.js';
import { adminLink, assignmentMail, replyMail, RequestNotifier } from '../request-mails.js';
import { RequestStatus } from '../request-status.js';
import { RequestsService } from '../requests.service.js';
import type { PrayerPrivacy } from '../prayer-privacy.js';
import type { CareRequestFilter, UpdateCareRequestArgs } from './care.args.js';
import { CareKind, CareRequest, careId, parseCareId } from './care-request.js';

/** A request not closed and not answered this many days after it came is overdue (the dashboard lists them). */
export const REPLY_EXPECTED_WITHIN_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The same id however it was written (`PrayerRequest-012` is `PrayerRequest-12`). */
const canonical = (id: string, field?: string): string => {
  const { kind, recordId } = parseCareId(id, field);
  return careId(kind, recordId);
};

/** The roles requests can be given to. */
export const CARE_TEAM_ROLES = rolesWith(PERMISSION.careManage);

const ALIAS = 'care';
const INBOX_LIST: ListOptions = {
  sortable: {
    id: `${ALIAS}.id`,
    createdAt: `${ALIAS}.created_at`,
    status: `${ALIAS}.status`,
    kind: `${ALIAS}.kind`,
    lastReplyAt: { column: `${ALIAS}.last_reply_at`, nulls: 'NULLS FIRST' },
  },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: [`${ALIAS}.subject`, `${ALIAS}.requester_name`, `${ALIAS}.requester_email`, `${ALIAS}.message`],
};

interface InboxRow {
  id: string;
  kind: CareKind;
  record_id: number;
  status: RequestStatus;
  assignee_id: number | null;
  created_at: Date;
  last_reply_at: Date | null;
  subject: string;
  requester_name: string;
  requester_email: string | null;
  requester_phone: string | null;
  message: string;
  privacy: PrayerPrivacy | null;
}

/**
 * The care inbox: every kind of request in one list (the `care_inbox` view), each with a status, an assignee and
 * a timeline of notes, status changes, assignments and replies. Staff reply by e-mail from here.
 */
@Injectable()
export class CareInboxService {
  private readonly logger = new Logger('Care');

  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: RequestsService,
    private readonly mail: MailService,
    private readonly notifier: RequestNotifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /** Rows of the view, read raw (`getRawMany<InboxRow>`): a view has no entity. */
  private query(viewer: AuthUser, filter?: CareRequestFilter | null): SelectQueryBuilder<ObjectLiteral> {
    const query = this.dataSource.createQueryBuilder().select(`${ALIAS}.*`).from('care_inbox', ALIAS);
    if (filter?.ids) query.andWhere(`${ALIAS}.id IN (:...careIds)`, { careIds: filter.ids.length ? filter.ids.map((id) => canonical(id, 'filter.ids')) : [''] });
    if (filter?.kind) query.andWhere(`${ALIAS}.kind = :kind`, { kind: filter.kind });
    if (filter?.status) query.andWhere(`${ALIAS}.status = :status`, { status: filter.status });
    if (filter?.open) query.andWhere(`${ALIAS}.status <> :closed`, { closed: RequestStatus.Closed });
    if (filter?.assigneeId) query.andWhere(`${ALIAS}.assignee_id = :assigneeId`, { assigneeId: Number(filter.assigneeId) });
    if (filter?.mine) query.andWhere(`${ALIAS}.assignee_id = :me`, { me: viewer.id });
    if (filter?.unassigned) query.andWhere(`${ALIAS}.assignee_id IS NULL`);
    if (filter?.olderThanDays) query.andWhere(`${ALIAS}.created_at < now() - make_interval(days => :olderThan)`, { olderThan: filter.olderThanDays });
    if (filter?.overdue) {
      query.andWhere(
        new Brackets((where) =>
          where
            .where(`${ALIAS}.status <> :closed`, { closed: RequestStatus.Closed })
            .andWhere(`${ALIAS}.last_reply_at IS NULL`)
            .andWhere(`${ALIAS}.created_at < now() - make_interval(days => :replyDays)`, { replyDays: REPLY_EXPECTED_WITHIN_DAYS }),
        ),
      );
    }
    return applyListFilter(query, { q: filter?.q }, INBOX_LIST);
  }

  async list(viewer: AuthUser, args: ListArgs, filter?: CareRequestFilter | null): Promise<CareRequest[]> {
    const rows = await applyListPage(this.query(viewer, filter), args, INBOX_LIST).getRawMany<InboxRow>();
    return rows.map((row) => this.toCareRequest(row, viewer));
  }

  /**
   * Counted in SQL: a view has no entity metadata for TypeORM's own count. With a search term, on the audit trail
   * as a read of the requests it matched, never with the term (`AuditService.searchCount`).
   */
  count(viewer: AuthUser, filter: CareRequestFilter | null | undefined, address: string): Promise<number> {
    return this.audit.searchCount(viewer, address, 'CareRequest', filter?.q, {
      count: async () => (await this.query(viewer, filter).select('count(*)::int', 'count').getRawOne<{ count: number }>())?.count ?? 0,
      matchedIds: async () => (await this.query(viewer, filter).select(`${ALIAS}.id`, 'id').getRawMany<{ id: string }>()).map(({ id }) => id),
    });
  }

  async get(viewer: AuthUser, id: string): Promise<CareRequest> {
    return this.toCareRequest(await this.row(viewer, id), viewer);
  }

  private async row(viewer: AuthUser, id: string): Promise<InboxRow> {
    const row = await this.query(viewer).andWhere(`${ALIAS}.id = :id`, { id: canonical(id) }).getRawOne<InboxRow>();
    if (!row) throw AppError.notFound('The care request');
    return row;
  }

  timeline(request: Pick<CareRequest, 'kind' | 'recordId'>): Promise<CareEvent[]> {
    return this.store(request.kind).events({ requestId: request.recordId });
  }

  /** Staff who can be given requests, by name. */
  careTeam(): Promise<User[]> {
    return this.dataSource.getRepository(User).find({ where: { role: In(CARE_TEAM_ROLES) }, order: { firstname: 'ASC', lastname: 'ASC', id: 'ASC' } });
  }

  /** Status and assignee; a new assignee is e-mailed a link to the request, never its content. */
  async update(actor: AuthUser, { id, status, assigneeId }: UpdateCareRequestArgs): Promise<CareRequest> {
    const { kind, recordId } = parseCareId(id);
    const assignee = assigneeId ? await this.teamMember(Number(assigneeId)) : assigneeId === null ? null : undefined;
    const { events } = await this.store(kind).followUp(recordId, { status, assigneeId: assignee === undefined ? undefined : (assignee?.id ?? null) }, actor);
    if (assignee && events.some((event) => event.type === CareEventType.Assignment)) {
      await this.notifier.tell(assignmentMail(assignee.email, CARE_KINDS[kind], recordId, adminLink(this.config.publicUrl, CARE_KINDS[kind], recordId)), CARE_KINDS[kind], recordId);
    }
    return this.get(actor, id);
  }

  /** An internal note, or (`fromRequester`) the sender's answer pasted in by staff. */
  addNote(actor: AuthUser, id: string, body: string, fromRequester = false): Promise<CareEvent> {
    const { kind, recordId } = parseCareId(id);
    return this.store(kind).note(recordId, { type: fromRequester ? CareEventType.RequesterAnswer : CareEventType.Note, body }, actor);
  }

  /**
   * E-mails the sender through the mail queue, then keeps the reply on the timeline. Queued first: a timeline
   * saying "replied" about a message that was never queued would leave the sender unanswered.
   */
  async reply(actor: AuthUser, id: string, body: string): Promise<CareEvent> {
    const row = await this.row(actor, id);
    const kind = CARE_KINDS[row.kind];
    if (!row.requester_email) throw AppError.badInput('id', 'This request has no e-mail address to reply to');
    await this.mail.queue(replyMail(row.requester_email, kind, body, this.config.staffEmail));
    this.logger.log(`replied to ${kind.label} ${row.record_id}`);
    return this.store(row.kind).note(row.record_id, { type: CareEventType.Reply, body }, actor);
  }

  private async teamMember(id: number): Promise<User> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id, role: In(CARE_TEAM_ROLES) });
    if (!user) throw AppError.badInput('assigneeId', 'assigneeId must be a member of the care team');
    return user;
  }

  private store(kind: CareKind) {
    return this.requests.store(CARE_KINDS[kind]);
  }


  private toCareRequest(row: InboxRow, viewer: AuthUser): CareRequest {
    const contact = can(viewer, PERMISSION.careContactDetails);
    return {
      id: row.id,
      kind: row.kind,
      recordId: row.record_id,
      status: row.status,
      subject: row.subject,
      requesterName: row.requester_name,
      requesterEmail: contact ? row.requester_email : null,
      requesterPhone: contact ? row.requester_phone : null,
      message: row.message,
      privacy: row.privacy,
      assigneeId: row.assignee_id,
      createdAt: row.created_at,
      lastReplyAt: row.last_reply_at,
      overdue: row.status !== RequestStatus.Closed && !row.last_reply_at && Date.now() - new Date(row.created_at).getTime() > REPLY_EXPECTED_WITHIN_DAYS * DAY_MS,
    };
  }
}
