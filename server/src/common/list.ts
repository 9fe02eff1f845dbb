import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AppError } from './app-error.js';
import { MAX_RECORD_ID, RECORD_ID } from './fields.js';

/** `{ count }`, answered by every `_allXsMeta` query (react-admin's ListMetadata). */
@ObjectType()
export class ListMetadata {
  @Field(() => Int)
  count: number;
}

/** Paging; `page` arrives 0-based, as ra-data-graphql-simple sends it. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  page?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  perPage?: number;
}

/** Paging and sorting shared by every `allXs` query. */
@ArgsType()
export class ListArgs extends PageArgs {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  sortField?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsIn(['ASC', 'DESC', 'asc', 'desc'])
  sortOrder?: string;
}

/** `ids` and `q`, which every list's filter has (ra-data-graphql-simple's getMany and search). */
@InputType({ isAbstract: true })
export class ListFilterInput {
  @Field(() => [ID], { nullable: true })
  @IsOptional()
  ids?: string[];

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

/** The `filter` argument of an `allXs` query and its `_allXsMeta`, validated as the given input type. */
export const FilterArg = (filterType: () => new () => object) =>
  applyDecorators(Field(filterType, { nullable: true }), IsOptional(), ValidateNested(), Type(filterType));

/** A sort column whose empty values and ties need their own order (e.g. dated events, then undated ones). */
export interface SortColumn {
  column: string;
  nulls: 'NULLS FIRST' | 'NULLS LAST';
  then?: { column: string; order: 'ASC' | 'DESC' };
}

export interface ListOptions {
  /** GraphQL sort field name to SQL column of the query's alias. */
  sortable: Record<string, string | SortColumn>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Columns searched by `q` (case-insensitive substring). */
  searchable?: string[];
}

export interface ListFilter {
  ids?: (string | number)[] | null;
  q?: string | null;
}

/** Applies `ids` and `q`; callers add their own filters. Shared by `allXs` and `_allXsMeta`. */
export function applyListFilter<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, filter: ListFilter | null | undefined, options: ListOptions) {
  const alias = query.alias;
  if (filter?.ids) {
    const ids = filter.ids.map((id) => toId(id, 'filter.ids'));
    query.andWhere(`${alias}.id IN (:...listIds)`, { listIds: ids.length ? ids : [0] });
  }
  const q = filter?.q?.trim();
  if (q && options.searchable?.length) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.andWhere(
      new Brackets((where) => {
        for (const column of options.searchable!) where.orWhere(`${column}::text ILIKE :listQ`, { listQ: pattern });
      }),
    );
  }
  return query;
}

/** Applies sort and page: one SQL query whatever the page's length. */
export function applyListPage<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, args: ListArgs, options: ListOptions) {
  const alias = query.alias;
  const sortField = args.sortField ?? options.defaultSort.field;
  // Own keys only: `constructor` or `__proto__` would otherwise find what every object inherits.
  const sort = Object.hasOwn(options.sortable, sortField) ? options.sortable[sortField] : undefined;
  if (!sort) throw AppError.badInput('sortField', `Cannot sort by ${sortField}`);
  const { column, nulls, then }: Partial<SortColumn> = typeof sort === 'string' ? { column: sort } : sort;
  const order = (args.sortOrder?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? options.defaultSort.order;
  query.orderBy(column, order, nulls);
  if (then) query.addOrderBy(then.column, then.order);
  if (column !== `${alias}.id`) query.addOrderBy(`${alias}.id`, order);
  const perPage = args.perPage ?? 25;
  return query.limit(perPage).offset((args.page ?? 0) * perPage);
}

/** A GraphQL `ID` or REST path id as a database id; anything else is a clear 400. */
export function toId(value: string | number, field = 'id'): number {
  // One spelling a record: `0x10`, `1e3`, ` 1` or `01` would name the same one in endless ways.
  const id = typeof value === 'number' || RECORD_ID.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_RECORD_ID) throw AppError.badInput(field, `${field} must be a record id`);
  return id;
}
