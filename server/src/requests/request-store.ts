import type { DeepPartial, FindOptionsWhere, Repository, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { applyListFilter, applyListPage, type ListArgs } from '../common/list.js';
import type { RequestFilter } from './dto/review.args.js';
import type { RequestRecord } from './entities/request-record.js';
import { REQUEST_ALIAS, type RequestKind } from './request-kinds.js';
import type { RequestStatus } from './request-status.js';
import { searchableFor } from './staff-only.js';

export interface FollowUp {
  status?: RequestStatus | null;
  note?: string | null;
}

/** Storage and staff review of one kind of request: list, count, show, follow up, delete. */
export class RequestStore<T extends RequestRecord> {
  constructor(
    readonly kind: RequestKind<T>,
    private readonly repository: Repository<T>,
  ) {}

  async insert(fields: DeepPartial<T>): Promise<T> {
    return this.repository.save(this.repository.create(fields));
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

  count(filter?: RequestFilter | null, scope?: (query: SelectQueryBuilder<T>) => void, viewer?: AuthUser): Promise<number> {
    return this.query(filter, scope, viewer).getCount();
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

  /** Sets the status (when given) and the note (when given; empty clears it). */
  async followUp(id: number, changes: FollowUp): Promise<T> {
    const record = await this.get(id);
    if (changes.status) record.status = changes.status;
    if (changes.note !== undefined) record.note = changes.note || null;
    return this.repository.save(record);
  }

  /** Deletes for good and answers the record as it was. */
  async remove(id: number): Promise<T> {
    const record = await this.get(id);
    await this.repository.delete(id);
    return record;
  }
}
