import type { EntityManager } from 'typeorm';
import type { ConsentAction, ConsentBasis, ConsentSource } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';
import { type ConsentEvent, MailingList } from './mailing-list.entity.js';

/** Who a ledger entry is about: an account (whose address is the account's), or an address alone. */
export interface MailPerson {
  email: string;
  userId?: number | null;
}

export interface ConsentEntry {
  subscriberId: number;
  listId: number;
  action: ConsentAction;
  basis: ConsentBasis;
  source: ConsentSource;
  wording: string;
  staffId?: number | null;
}

/** Where a person stands on one list, read from the ledger. */
export interface ListState {
  subscribed: boolean;
  pending: boolean;
  basis: ConsentBasis | null;
  since: Date | null;
}

/**
 * The person's row in `mail_subscribers`, made on first use. An account's row follows the account's address; an
 * address that signed up before its owner registered becomes the account's.
 */
export async function subscriberOf(manager: EntityManager, { email, userId }: MailPerson): Promise<number> {
  const address = email.trim();
  if (userId) {
    // A SELECT around the UPDATE: the driver answers a bare UPDATE's RETURNING as [rows, count].
    const [own] = await manager.query<{ id: number }[]>(
      `WITH own AS (UPDATE mail_subscribers SET email = $2 WHERE user_id = $1 RETURNING id) SELECT id FROM own`,
      [userId, address],
    );
    if (own) return own.id;
  }
  const [row] = await manager.query<{ id: number }[]>(
    `INSERT INTO mail_subscribers (email, user_id) VALUES ($1, $2)
     ON CONFLICT ((lower(email))) DO UPDATE SET user_id = coalesce(mail_subscribers.user_id, EXCLUDED.user_id)
     RETURNING id`,
    [address, userId ?? null],
  );
  return row.id;
}

/** The person's row when there is one; nothing is made by looking. */
export async function findSubscriber(manager: EntityManager, { email, userId }: MailPerson): Promise<number | null> {
  const [row] = await manager.query<{ id: number }[]>(
    `SELECT id FROM mail_subscribers WHERE ($2::int IS NOT NULL AND user_id = $2) OR lower(email) = lower($1) ORDER BY (user_id IS NOT NULL AND user_id = $2) DESC LIMIT 1`,
    [email.trim(), userId ?? null],
  );
  return row?.id ?? null;
}

/** Appends one line; the ledger is never changed (the app's database role may not UPDATE it). */
export async function appendConsent(manager: EntityManager, entry: ConsentEntry): Promise<string> {
  const [row] = await manager.query<{ id: string }[]>(
    `INSERT INTO consent_events (subscriber_id, list_id, action, basis, source, wording, staff_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [entry.subscriberId, entry.listId, entry.action, entry.basis, entry.source, entry.wording, entry.staffId ?? null],
  );
  return row.id;
}

/** `Withdrawn` when the person is subscribed now (under their row's lock: two clicks at once record one). */
export async function withdrawIfSubscribed(
  manager: EntityManager,
  subscriberId: number,
  list: MailingList,
  source: ConsentSource,
  wording: string,
  staffId?: number,
): Promise<string | null> {
  const [person] = await manager.query<unknown[]>(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId]);
  if (!person) return null;
  const state = (await statesOf(manager, subscriberId)).get(list.id);
  if (!state?.subscribed) return null;
  return appendConsent(manager, { subscriberId, listId: list.id, action: 'Withdrawn', basis: state.basis!, source, wording, staffId });
}

/** The list a ledger line is for; `publicOnly` where the website names it. */
export async function mailingListOf(manager: EntityManager, listId: number, publicOnly: boolean): Promise<MailingList> {
  const list = await manager.findOneBy(MailingList, { id: listId });
  if (!list || (publicOnly && !list.public)) throw AppError.badInput('listId', 'There is no such mailing list');
  return list;
}

/**
 * SQL of the subscribers on each list now: the last Given or Withdrawn of each person and list decides (a Requested
 * after a Given does not unsubscribe). Columns `subscriber_id`, `list_id`, `basis`, `at`.
 */
export const CURRENT_SUBSCRIPTIONS = `
  SELECT subscriber_id, list_id, basis, at FROM (
    SELECT DISTINCT ON (subscriber_id, list_id) subscriber_id, list_id, action, basis, at
      FROM consent_events WHERE action <> 'Requested'
     ORDER BY subscriber_id, list_id, id DESC
  ) last WHERE action = 'Given'`;

/** Where a person stands on every list they have a line for. */
export async function statesOf(manager: EntityManager, subscriberId: number): Promise<Map<number, ListState>> {
  const rows = await manager.query<{ list_id: number; action: ConsentAction; basis: ConsentBasis; at: Date; requested_after: boolean }[]>(
    `SELECT DISTINCT ON (list_id) list_id, action, basis, at,
            EXISTS (SELECT 1 FROM consent_events r WHERE r.subscriber_id = e.subscriber_id AND r.list_id = e.list_id AND r.action = 'Requested' AND r.id > e.id) AS requested_after
       FROM consent_events e WHERE subscriber_id = $1 AND action <> 'Requested'
      ORDER BY list_id, id DESC`,
    [subscriberId],
  );
  const states = new Map<number, ListState>();
  for (const row of rows) {
    const subscribed = row.action === 'Given';
    states.set(row.list_id, {
      subscribed,
      pending: !subscribed && row.requested_after,
      basis: subscribed ? row.basis : null,
      since: subscribed ? row.at : null,
    });
  }
  const requested = await manager.query<{ list_id: number }[]>(
    `SELECT DISTINCT list_id FROM consent_events WHERE subscriber_id = $1 AND action = 'Requested'`,
    [subscriberId],
  );
  for (const { list_id } of requested) if (!states.has(list_id)) states.set(list_id, { subscribed: false, pending: true, basis: null, since: null });
  return states;
}

/** The ledger of one person, newest first, as its person or staff read it. */
export async function historyOf(manager: EntityManager, subscriberId: number): Promise<ConsentEvent[]> {
  const rows = await manager.query<(Omit<ConsentEvent, 'byStaff'> & { byStaff: boolean })[]>(
    `SELECT e.id::text AS id, e.list_id AS "listId", l.name AS "listName", e.action, e.basis, e.source, e.wording, e.at,
            (e.staff_id IS NOT NULL OR e.source = 'Staff') AS "byStaff"
       FROM consent_events e JOIN mailing_lists l ON l.id = e.list_id
      WHERE e.subscriber_id = $1 ORDER BY e.id DESC`,
    [subscriberId],
  );
  return rows;
}
