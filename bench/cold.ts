// Requests no visitors' cache can answer (a member's reading, a page rendered for the first time, a console list),
// and the CPU each costs in the app and in PostgreSQL, read from /proc so the figures hold on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { ADMIN } from '../e2e/support/harness.ts';
import { createMember, graphql as call, logIn } from '../e2e/web-helpers.ts';

const POST = 'id name slug excerpt createdAt status image imageSrcSet imageWidth imageHeight category { id name } author { id firstname lastname }';

/** What a signed-in member's reading asks for: the newest blog posts and messages (the 8 + 8). */
export const MEMBER_QUERY = `query MemberReading {
  posts: allPosts(filter: { categoryId: 3 }, perPage: 8) { ${POST} }
  videos: allVideos(perPage: 8) { id title video poster createdAt }
}`;

/** The member area's list of one's own prayer requests (web/app/features/member/prayer-requests.ts). */
export const MY_PRAYER_REQUESTS = `query MyPrayerRequests {
  allPrayerRequests(sortField: "createdAt", sortOrder: "DESC", perPage: 100) {
    id title body status createdAt privacy wallName wallStatus prayedCount expiresAt closedAt replies { body createdAt }
  }
}`;

/** The console's first page of donations, as ra-data-graphql-simple asks for it. */
export const ADMIN_DONATIONS = `query allDonations($page: Int, $perPage: Int, $sortField: String, $sortOrder: String, $filter: DonationFilter) {
  items: allDonations(page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder, filter: $filter) {
    id amount createdAt currency description exchangeRate exchangeRateDate exchangeRateSource failureMessage giftAid
    giftAidAdjustmentClaimId giftAidClaimId giftAidDeclarationId giftAidReason giftAidStatus orderID paidAt refundedAmount
    refundedAt regularDonationId status sterlingAmount updatedAt
    refunds { id amount createdAt giftAidClaimId kind paypalId refundedAt }
    user { id firstname lastname email phone country state }
  }
  total: _allDonationsMeta(page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder, filter: $filter) { count }
}`;

/** The names of the cold rows the targets read (bench/targets.ts). */
export const COLD = {
  floor: "floor: a member's { __typename }",
  member: "member's query: 8 posts + 8 videos",
  home: 'home page, first render',
  post: 'blog post page, first render',
  donations: "an Admin's console list: 25 donations",
} as const;

/** The row of a cold target's reference (`reference-read.ts`), measured beside it. */
export const referenceName = (name: string) => `reference: ${name}, Node's http and pg alone`;

export interface ColdTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

/** The cold targets of a running site with demo data (the post page shows the newest blog post). */
export async function coldTargets(baseUrl: string): Promise<ColdTarget[]> {
  const member = await createMember(baseUrl, 'Bench');
  const admin = await logIn(baseUrl, ADMIN.email, ADMIN.password);
  const { allPosts } = await call<{ allPosts: { id: string }[] }>(baseUrl, '{ allPosts(filter: { categoryId: 3 }, perPage: 1) { id } }');
  const postId = allPosts[0].id;
  const signedIn = (token: string) => ({ 'content-type': 'application/json', 'accept-encoding': 'gzip', authorization: `Bearer ${token}` });
  const graphql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
  // A page request that carries a member's token is rendered for them: no visitors' cache may answer it.
  const rendered = { 'accept-encoding': 'gzip', authorization: `Bearer ${member.token}` };
  return [
    // What the app's layers cost a signed-in request before any resolver runs: the floor under every row below.
    { name: COLD.floor, path: '/graphql', method: 'POST', body: graphql('{ __typename }'), headers: signedIn(member.token) },
    { name: COLD.member, path: '/graphql', method: 'POST', body: graphql(MEMBER_QUERY), headers: signedIn(member.token) },
    { name: "member's own prayer requests", path: '/graphql', method: 'POST', body: graphql(MY_PRAYER_REQUESTS), headers: signedIn(member.token) },
    { name: COLD.home, path: '/', headers: rendered },
    { name: COLD.post, path: `/post-details/${postId}`, headers: rendered },
    {
      name: COLD.donations,
      path: '/graphql',
      method: 'POST',
      body: graphql(ADMIN_DONATIONS, { page: 0, perPage: 25, sortField: 'createdAt', sortOrder: 'DESC', filter: {} }),
      headers: signedIn(admin.token),
    },
  ];
}

/** Linux counts CPU time in clock ticks of 10 ms (USER_HZ = 100). */
const MS_PER_TICK = 10;

/** User + system CPU of processes, in milliseconds. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended.
    }
  }
  return ticks * MS_PER_TICK;
}

/** The site's server processes (a cluster's primary and workers): those whose environment names the site's public URL. */
export function appPids(baseUrl: string): number[] {
  const pids = numericEntries('/proc').filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PUBLIC_URL=${baseUrl}`);
    } catch {
      return false; // Gone, or not ours to read.
    }
  });
  if (!pids.length) throw new Error(`no process serves ${baseUrl}`);
  return pids;
}

/** The PostgreSQL server's process (the postmaster), whose children are its backends. */
export async function postmasterOf(db: pg.Client): Promise<number> {
  const { rows } = await db.query('SHOW data_directory');
  return Number(readFileSync(join(rows[0].data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * User + system CPU of PostgreSQL, in milliseconds: the postmaster, its backends now, and the backends that have
 * ended (the kernel adds a child's time to its parent's cutime and cstime once the parent reaps it), so a
 * connection closed between two readings does not take its time with it.
 */
export function postgresCpuMs(postmaster: number): number {
  const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
  const backends = numericEntries('/proc').filter((pid) => {
    try {
      return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return own + cpuMs(backends);
}

const numericEntries = (dir: string) => readdirSync(dir).filter((name) => /^\d+$/.test(name)).map(Number);
