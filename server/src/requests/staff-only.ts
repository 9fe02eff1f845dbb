import type { FieldMiddleware } from '@nestjs/graphql';
import type { Request } from 'express';
import { can } from '../access/permissions.js';
import type { AuthUser } from '../access/auth-user.js';

/**
 * Fields staff keep about a request (today the internal `note`) that are never answered to the person who made
 * it: one rule, used by the GraphQL field, the legacy projections and the searchable columns.
 */
export const STAFF_ONLY_FIELDS = ['note'] as const;
type StaffOnlyField = (typeof STAFF_ONLY_FIELDS)[number];

export const seesStaffFields = (viewer?: AuthUser | null): boolean => can(viewer, 'care:read');

/** On a GraphQL field: null for anyone but staff, whoever owns the record. */
export const staffOnly: FieldMiddleware<unknown, { req: Request & { user?: AuthUser } }> = (ctx, next) =>
  seesStaffFields(ctx.context.req.user) ? next() : null;

/** A REST projection as the viewer may see it: the shape stays the contract's, staff-only fields answer null to anyone but staff. */
export function forViewer<T extends Partial<Record<StaffOnlyField, unknown>>>(shape: T, viewer?: AuthUser | null): T {
  if (seesStaffFields(viewer)) return shape;
  const visible = { ...shape };
  for (const field of STAFF_ONLY_FIELDS) if (field in visible) visible[field] = null;
  return visible;
}

/** Searchable columns (`alias.column`) the viewer may match on: a search must not reveal a staff-only field either. */
export const searchableFor = (columns: string[], viewer?: AuthUser | null): string[] =>
  seesStaffFields(viewer) ? columns : columns.filter((column) => !STAFF_ONLY_FIELDS.some((field) => column.endsWith(`.${field}`)));
