import { errorCode, loadPublic, toFormErrors, type GraphqlCaller } from '../../lib/graphql';
import { formText } from '../../lib/form-data';

export type PrayerWallEntry = { id: string; title: string; body: string; name: string; prayedCount: number; createdAt: string };

/** The answer to "I prayed": the new count, or why it was not counted. */
export type PrayedAnswer = { id: string; count?: number; message?: string };

const PER_PAGE = 20;

const PRAYER_WALL = `query PrayerWall($page: Int, $perPage: Int) {
  prayerWall(page: $page, perPage: $perPage) { total items { id title body name prayedCount createdAt } }
}`;

const PRAY_FOR = `mutation PrayFor($id: ID!) { prayFor(id: $id) }`;

/** One page of the wall (1-based), newest first as the server orders it, and how many pages there are. */
export async function loadPrayerWall(graphql: GraphqlCaller, page: number) {
  const { prayerWall } = await loadPublic<{ prayerWall: { items: PrayerWallEntry[]; total: number } }>(graphql, PRAYER_WALL, { page: page - 1, perPage: PER_PAGE });
  return { entries: prayerWall?.items ?? [], page, pages: Math.max(1, Math.ceil((prayerWall?.total ?? 0) / PER_PAGE)) };
}

/** Counts a prayer for the request the form names; the server counts each person or address once a day. */
export async function prayFor(graphql: GraphqlCaller, form: FormData): Promise<PrayedAnswer> {
  const id = formText(form, 'id');
  const result = await graphql.request<{ prayFor: number }>(PRAY_FOR, { id });
  if (typeof result.data?.prayFor === 'number' && !result.errors?.length) return { id, count: result.data.prayFor };
  if (errorCode(result.errors) === 'NOT_FOUND') return { id, message: 'This prayer request is no longer on the wall.' };
  return { id, message: toFormErrors(result.errors ?? []).message };
}
