import type { DeepPartial, EntityManager, FindOptionsWhere, Repository, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import type { AuditService } from '../audit/index.js';
import { applyListFilter, applyListPage, type ListArgs } from '../common/list.js';
import type { RequestFilter } from './dto/review.args.js';
import { CareEvent, CareEventType } from './entities/care-event.entity.js';
import type { RequestRecord } from './entities/request-record.js';
import { REQUEST_ALIAS, type RequestKind } from './request-kinds.js';
import { RequestStatus } from './request-status.js';
import { searchableFor } from './staff-only.js';

export interface FollowUp {
  status?: RequestStatus | null;
  note?: string | null;
  /** Undefined leaves it; null unassigns. */
  assigneeId?: number | null;
}

/** A timeline line as a caller describes it; the store adds the request and the time. */
export type TimelineEntry = Pick<CareEvent, 'type'> & Partial<Pick<CareEvent, 'body' | 'fromStatus' | 'toStatus' | 'assigneeId'>>;

/** Storage and staff review of one kind of request: list, count, show, follow up, delete. */
export class RequestStore<T extends RequestRecord> {
  constructor(
    readonly kind: RequestKind<T>,
    private readonly repository: Repository<T>,
    private readonly audit: AuditService,
  ) {}

  /** Stores a new request, in `transaction` when given (with what must commit or roll back with it). */
  async insert(fields: DeepPartial<T>, transaction?: EntityManager): Promise<T> {
    const repository = transaction?.getRepository(this.kind.entity) ?? this.repository;
    return repository.save(repository.create(fields));
  }

  /**
   * The filtered query shared by a list and its count; `scope` narrows it further (a member's own rows), and `q`
   * searches only what the viewer may read.
   */
  query(filter?: RequestFilter | null, scope?: (query: SelectQueryBuilder<T>) => void, viewer?: AuthUser): SelectQueryBuilder<T> {
    const query = this.repository.createQueryBuilder(REQUEST_ALIAS);
    if (filter?.status) query.andWhere(`${REQUEST_ALIAS}.status = :status`, { status: filter.status });
    scope?.(query);
    return applyListFilter(query, filter, { ...this.kind.list, searchable: searchableFor(this.kind.list.searchable ?? [], viewer) });
  }

  list(args: ListArgs, filter?: RequestFilter | null, scope?: (query: SelectQueryBuilder<T>) => void, viewer?: AuthUser): Promise<T[]> {
    return applyListPage(this.query(filter, scope, viewer), args, this.kind.list).getMany();
  }

  /** With a search term, on the audit trail as a staff read of the requests it matched (never the term). */
  count(viewer: AuthUser, address: string | null, filter?: RequestFilter | null, scope?: (query: SelectQueryBuilder<T>) => void): Promise<number> {
    const query = () => this.query(filter, scope, viewer);
    return this.audit.searchCount(viewer, address, this.kind.name, filter?.q, {
      count: () => query().getCount(),
      matchedIds: async () => (await query().select(`${REQUEST_ALIAS}.id`, 'id').getRawMany<{ id: number }>()).map(({ id }) => String(id)),
    });
  }

  /** Every row, newest first, for the legacy admin tables. */
  all(): Promise<T[]> {
    return this.query().orderBy(`${REQUEST_ALIAS}.createdAt`, 'DESC').addOrderBy(`${REQUEST_ALIAS}.id`, 'DESC').getMany();
  }

  async get(id: number): Promise<T> {
    const found = await this.repository.findOneBy({ id } as FindOptionsWhere<T>);
    if (!found) throw AppError.notFound(`The ${this.kind.label}`);
    return found;
  }

  /**
   * Sets the status and the assignee (when given) and the note (when given; empty clears it). A status or
   * assignee that changes goes on the timeline under `actor`, in the same transaction.
   */
  async followUp(id: number, changes: FollowUp, actor: AuthUser): Promise<{ record: T; events: CareEvent[] }> {
    return this.repository.manager.transaction(async (manager) => {
      const record = await manager.findOneBy(this.kind.entity, { id } as FindOptionsWhere<T>);
      if (!record) throw AppError.notFound(`The ${this.kind.label}`);
      const entries: TimelineEntry[] = [];
      if (changes.status && changes.status !== record.status) {
        entries.push({ type: CareEventType.StatusChange, fromStatus: record.status, toStatus: changes.status });
        record.status = changes.status;
        record.closedAt = changes.status === RequestStatus.Closed ? new Date() : null;
      }
      if (changes.assigneeId !== undefined && changes.assigneeId !== record.assigneeId) {
        entries.push({ type: CareEventType.Assignment, assigneeId: changes.assigneeId });
        record.assigneeId = changes.assigneeId;
      }
      if (changes.note !== undefined) record.note = changes.note || null;
      const saved = await manager.save(record);
      const events = await manager.save(entries.map((entry) => this.event(entry, id, actor)));
      return { record: saved, events };
    });
  }

  /** Adds a line to the timeline; a reply also marks the request answered and takes a new one in hand. */
  async note(id: number, entry: TimelineEntry, actor: AuthUser): Promise<CareEvent> {
    return this.repository.manager.transaction(async (manager) => {
      const record = await manager.findOneBy(this.kind.entity, { id } as FindOptionsWhere<T>);
      if (!record) throw AppError.notFound(`The ${this.kind.label}`);
      const event = await manager.save(this.event(entry, id, actor));
      if (entry.type === CareEventType.Reply) {
        const wasNew = record.status === RequestStatus.New;
        await manager.update(this.kind.entity, id, { lastReplyAt: event.createdAt, ...(wasNew && { status: RequestStatus.InProgress }) } as never);
        if (wasNew) await manager.save(this.event({ type: CareEventType.StatusChange, fromStatus: RequestStatus.New, toStatus: RequestStatus.InProgress }, id, actor));
      }
      return event;
    });
  }

  private event(entry: TimelineEntry, requestId: number, actor: AuthUser): CareEvent {
    return this.repository.manager.create(CareEvent, { body: null, fromStatus: null, toStatus: null, assigneeId: null, ...entry, kind: this.kind.name, requestId, authorId: actor.id });
  }

  async update(id: number, fields: DeepPartial<T>): Promise<T> {
    await this.repository.update(id, fields as never);
    return this.get(id);
  }

  /** Timeline lines of this kind, oldest first. */
  events(where: Omit<FindOptionsWhere<CareEvent>, 'kind'>): Promise<CareEvent[]> {
    return this.repository.manager.find(CareEvent, { where: { ...where, kind: this.kind.name }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Deletes for good and answers the record as it was, which shows staff what it said: on the audit trail
   * (`care.delete`) in the same transaction, so no request is gone without its line.
   */
  async remove(id: number, actor: AuthUser, address: string | null): Promise<T> {
    return this.repository.manager.transaction(async (manager) => {
      const record = await manager.findOneBy(this.kind.entity, { id } as FindOptionsWhere<T>);
      if (!record) throw AppError.notFound(`The ${this.kind.label}`);
      await manager.delete(this.kind.entity, id);
      await this.audit.record(actor, address, { action: 'care.delete', recordKind: this.kind.name, recordIds: [String(id)] }, manager);
      return record;
    });
  }
}
