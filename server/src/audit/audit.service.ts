import { Injectable } from '@nestjs/common';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { AppError } from '../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions } from '../common/list.js';
import { AuditEvent } from './audit-event.entity.js';
import type { AuditEventFilter } from './audit.args.js';

/** What happened, as a caller describes it; the trail adds who and when. */
export type AuditEntry = Pick<AuditEvent, 'action'> & Partial<Pick<AuditEvent, 'recordKind' | 'recordIds' | 'detail'>>;

/** Staff, for the trail: anyone who may sign in to the console. A member reading their own records is not recorded. */
export const staffReader = (user: AuthUser | null | undefined): AuthUser | undefined => (user && can(user, PERMISSION.consoleSignIn) ? user : undefined);

/** A list's count, and the records its query matched. */
export interface CountableQuery {
  count(): Promise<number>;
  matchedIds(): Promise<string[]>;
}

const LIST: ListOptions = {
  sortable: { id: 'event.id', at: 'event.at', action: 'event.action', actorId: 'event.actorId' },
  defaultSort: { field: 'at', order: 'DESC' },
  searchable: ['event.action', 'event.recordKind', 'event.detail', 'event.address'],
};

/** Writes and reads the audit trail; there is deliberately no way to change or remove a line. */
@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds a line; inside `manager`'s transaction when given, so the line and the change it records commit together. */
  async record(actor: Pick<AuthUser, 'id' | 'role'> | null, address: string | null, entry: AuditEntry, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const fields: DeepPartial<AuditEvent> = { actorId: actor?.id ?? null, actorRole: actor?.role ?? null, address, recordKind: null, recordIds: [], detail: null, ...entry };
    await manager.insert(AuditEvent, fields);
  }

  /**
   * How many records a list's query matched. With a search term (`q`) the count tells which records hold the term,
   * so for staff it is a read of them: recorded as `care.search` with the records it matched and never the term,
   * which may be what a record says (special-category data).
   */
  async searchCount(viewer: AuthUser, address: string | null, recordKind: string, q: string | null | undefined, query: CountableQuery): Promise<number> {
    if (!q?.trim() || !staffReader(viewer)) return query.count();
    const matched = await query.matchedIds();
    await this.record(viewer, address, { action: 'care.search', recordKind, recordIds: matched, detail: `a search counted ${matched.length}` });
    return matched.length;
  }

  private filtered(filter?: AuditEventFilter | null) {
    const query = this.dataSource.getRepository(AuditEvent).createQueryBuilder('event');
    if (filter?.action) query.andWhere('event.action = :action', { action: filter.action });
    if (filter?.actorId) query.andWhere('event.actorId = :actorId', { actorId: Number(filter.actorId) });
    if (filter?.recordKind) query.andWhere('event.recordKind = :recordKind', { recordKind: filter.recordKind });
    if (filter?.from) query.andWhere('event.at >= :from', { from: filter.from });
    if (filter?.to) query.andWhere('event.at <= :to', { to: filter.to });
    return applyListFilter(query, filter, LIST);
  }

  list(args: ListArgs, filter?: AuditEventFilter | null): Promise<AuditEvent[]> {
    return applyListPage(this.filtered(filter), args, LIST).getMany();
  }

  count(filter?: AuditEventFilter | null): Promise<number> {
    return this.filtered(filter).getCount();
  }

  async get(id: number): Promise<AuditEvent> {
    const event = await this.dataSource.getRepository(AuditEvent).findOneBy({ id });
    if (!event) throw AppError.notFound('The audit event');
    return event;
  }
}
