import type { FieldMiddleware } from '@nestjs/graphql';
import type { Request } from 'express';
import { PERMISSION } from '@ministry/shared';
import { can } from '../access/permissions.js';
import type { AuthUser } from '../access/auth-user.js';

/**
 * Fields staff keep about a request (the internal `note`, who is looking after it) that are never answered to the
 * person who made it: one rule, used by the GraphQL field, the legacy projections and the searchable columns. The
 * timeline is staff-only by its own query (`CareRequest`), and a member sees only the replies sent to them.
 */
export const STAFF_ONLY_FIELDS = ['note', 'assigneeId'] as const;
type StaffOnlyField = (typeof STAFF_ONLY_FIELDS)[number];

export const seesStaffFields = (viewer?: AuthUser | null): boolean => can(viewer, PERMISSION.careRead);

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

/** The parts of a member's address staff see beside their request; only staff allowed contact details get them. */
const PLACE_FIELDS = ['country', 'state', 'city'] as const;

/** A requester as the viewer may see them: the place blanked for anyone but pastoral staff and the member. */
export function forContactViewer<T extends Record<(typeof PLACE_FIELDS)[number], string>>(member: T, viewer: AuthUser | null | undefined, ownerId: number): T {
  if (viewer?.id === ownerId || can(viewer, PERMISSION.careContactDetails)) return member;
  return { ...member, ...Object.fromEntries(PLACE_FIELDS.map((field) => [field, ''])) };
}
