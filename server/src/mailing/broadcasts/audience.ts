import type { EntityManager } from 'typeorm';
import { MARKETING_AUDIENCES, ROLE } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import { CURRENT_SUBSCRIPTIONS } from '../lists/consent-ledger.js';
import { notSuppressed } from '../suppressions.js';
import type { Audience, BroadcastAudienceInput } from './broadcast.entity.js';

export const isMarketing = (audience: Audience) => MARKETING_AUDIENCES.includes(audience.kind);

/** The subscribers of a list now, with the address mail goes to (an account's own, else the one they gave). */
const LIST_SUBSCRIBERS = `
  SELECT s.id AS subscriber_id, coalesce(u.email, s.email) AS email, s.user_id
    FROM (${CURRENT_SUBSCRIPTIONS}) c JOIN mail_subscribers s ON s.id = c.subscriber_id LEFT JOIN users u ON u.id = s.user_id
   WHERE c.list_id = $1`;

/** Each kind's recipients as SQL with its parameters: `subscriber_id` (marketing only) and `email`. */
function audienceSql(audience: Audience): { sql: string; params: unknown[] } {
  switch (audience.kind) {
    case 'List':
      return { sql: LIST_SUBSCRIBERS, params: [audience.listId] };
    case 'Donors':
      return {
        sql: `SELECT l.subscriber_id, l.email FROM (${LIST_SUBSCRIBERS}) l
               WHERE EXISTS (SELECT 1 FROM donations d WHERE d.user_id = l.user_id AND d.status = 'Paid' AND d.paid_at >= $2 AND d.paid_at < $3)`,
        params: [audience.listId, audience.from, audience.to],
      };
    case 'Occurrence':
      return {
        sql: `SELECT NULL::int AS subscriber_id, coalesce(u.email, b.email) AS email
                FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id LEFT JOIN users u ON u.id = b.user_id
               WHERE o.post_id = $1 AND o.starts_at = $2 AND b.status IN ('Confirmed', 'CheckedIn')`,
        params: [audience.postId, audience.occurrenceStart],
      };
    case 'Role':
      return { sql: `SELECT NULL::int AS subscriber_id, email FROM users WHERE role = $1`, params: [audience.role] };
  }
}

/** The audience's addresses, once each and never a suppressed one: what a broadcast is sent to, and counted by. */
export function recipientsSql(audience: Audience): { sql: string; params: unknown[] } {
  const { sql, params } = audienceSql(audience);
  return {
    sql: `SELECT DISTINCT ON (lower(a.email)) a.subscriber_id, a.email FROM (${sql}) a
           WHERE a.email <> '' AND ${notSuppressed('a.email')} ORDER BY lower(a.email), a.subscriber_id NULLS LAST`,
    params,
  };
}

export async function audienceSize(manager: EntityManager, audience: Audience): Promise<number> {
  const { sql, params } = recipientsSql(audience);
  const [{ count }] = await manager.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM (${sql}) r`, params);
  return count;
}

/** Checks an audience as the console sends it, naming the field at fault; `listId` alone means that list. */
export async function audienceOf(
  manager: EntityManager,
  listId: string | null | undefined,
  input: BroadcastAudienceInput | null | undefined,
): Promise<Audience> {
  const kind = input?.kind ?? 'List';
  const list = input?.listId ?? listId;
  const audience: Audience = { kind };
  if (kind === 'List' || kind === 'Donors') {
    if (!list) throw AppError.badInput('listId', 'Choose the list it goes to');
    audience.listId = toId(list, 'listId');
    const [found] = await manager.query<unknown[]>(`SELECT 1 FROM mailing_lists WHERE id = $1`, [audience.listId]);
    if (!found) throw AppError.badInput('listId', 'There is no such mailing list');
  }
  if (kind === 'Donors') {
    if (!input?.from || !input.to || input.from >= input.to) throw AppError.badInput('audience.from', 'Give the period of the gifts: a start before its end');
    [audience.from, audience.to] = [input.from.toISOString(), input.to.toISOString()];
  }
  if (kind === 'Occurrence') {
    if (!input?.postId) throw AppError.badInput('audience.postId', 'Choose the event');
    if (!input.occurrenceStart) throw AppError.badInput('audience.occurrenceStart', 'Choose the date of the event');
    [audience.postId, audience.occurrenceStart] = [toId(input.postId, 'audience.postId'), input.occurrenceStart.toISOString()];
  }
  if (kind === 'Role') {
    // A message to every member is marketing: it goes to a list, by consent.
    if (!input?.role || input.role === ROLE.Member) throw AppError.badInput('audience.role', 'Choose a staff role; a message to members goes to a list');
    audience.role = input.role;
  }
  return audience;
}
