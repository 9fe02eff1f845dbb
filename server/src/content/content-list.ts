import { ObjectLiteral, QueryFailedError, Repository, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { applyListFilter, applyListPage, ListArgs, ListFilter, ListOptions } from '../common/list.js';

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Reads shared by every content type: `allXs`, `_allXsMeta` and `X(id)` go through one filtered query, so
 * what a caller may see is decided in one place (`filtered`) for lists, counts and single reads alike.
 */
export abstract class ContentList<T extends ObjectLiteral & { id: number }, F extends ListFilter> {
  protected abstract readonly list: ListOptions;
  /** How the record is named in a not-found message, e.g. 'The post'. */
  protected abstract readonly what: string;

  constructor(
    protected readonly repository: Repository<T>,
    protected readonly alias: string,
  ) {}

  /** The type's own filters and visibility rules on top of `ids` and `q`. */
  protected filtered(filter: F | null | undefined, _caller: AuthUser | undefined): SelectQueryBuilder<T> {
    return applyListFilter(this.repository.createQueryBuilder(this.alias), filter, this.list);
  }

  /** What the reads of rows (lists and single reads, not counts) bring along in the same query. */
  protected withJoins(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query;
  }

  /** What a caller receives of a row (e.g. a secret blanked for visitors). */
  protected shown(row: T, _caller: AuthUser | undefined): T {
    return row;
  }

  async findAll(args: ListArgs, filter: F | null | undefined, caller: AuthUser | undefined): Promise<T[]> {
    const rows = await applyListPage(this.withJoins(this.filtered(filter, caller)), args, this.list).getMany();
    return rows.map((row) => this.shown(row, caller));
  }

  count(filter: F | null | undefined, caller: AuthUser | undefined): Promise<number> {
    return this.filtered(filter, caller).getCount();
  }

  async get(id: number, caller: AuthUser | undefined): Promise<T> {
    const row = await this.withJoins(this.filtered({ ids: [id] } as F, caller)).getOne();
    if (!row) throw AppError.notFound(this.what);
    return this.shown(row, caller);
  }

  /** Deletes a row and answers it as it was (react-admin reads the deleted record back). */
  async remove(id: number, caller: AuthUser): Promise<T> {
    const row = await this.get(id, caller);
    try {
      await this.repository.delete(id);
    } catch (error) {
      const code = error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
      if (code === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', `${this.what} is still in use and cannot be deleted`);
      throw error;
    }
    return row;
  }
}
