import { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import { User } from '../../auth/index.js';
import { AuthUser } from '../../access/auth-user.js';
import { ownerScope, requireOwner } from '../../access/ownership.js';
import { applyListFilter, ListFilter, ListOptions, toId } from '../../common/list.js';

export interface RecordFilter extends ListFilter {
  status?: string | null;
  userId?: string | null;
}

/**
 * The list query for book orders or donations: finance staff see every record (and may filter by member), a member
 * only their own whatever the filter says. The buyer is joined so `q` also finds a name or an e-mail.
 */
export function recordListQuery<T extends ObjectLiteral>(
  repository: Repository<T>,
  alias: string,
  caller: AuthUser,
  filter: RecordFilter | null | undefined,
  options: ListOptions,
): SelectQueryBuilder<T> {
  const query = repository.createQueryBuilder(alias).leftJoin(User, 'buyer', `buyer.id = ${alias}.userId`);
  const owner = ownerScope(caller, PERMISSION.financeRead);
  if (owner !== undefined) {
    query.andWhere(`${alias}.userId = :caller`, { caller: owner });
  } else if (filter?.userId) {
    query.andWhere(`${alias}.userId = :userId`, { userId: toId(filter.userId, 'filter.userId') });
  }
  if (filter?.status) query.andWhere(`${alias}.status = :status`, { status: filter.status });
  return applyListFilter(query, filter, options);
}

/** A record the caller may read: their own, or any for finance staff. */
export const requireReadable = <T extends { userId: number | null }>(record: T | null, caller: AuthUser, what: string): T =>
  requireOwner(caller, record, (found) => found.userId, what, PERMISSION.financeRead);
