// The speed targets, each a ratio to a row measured in the same run (a reference server, the app's own floor) or a
// budget, so a verdict holds however busy the machine was while the run was made.
import { COLD, referenceName } from './cold.ts';

/** The figures of one measured row the targets read. */
export interface Row {
  target: string;
  rps: number;
  ratio?: number;
  appCpuMs?: number;
  dbCpuMs?: number;
}

export interface Verdict {
  target: string;
  measured: string;
  aim: string;
  verdict: 'meets' | 'short';
}

/** What the rest of a full run measured: the first visit's scripts, Lighthouse's scores per page. */
export interface PageFigures {
  firstVisitJsGzipBytes: number;
  lighthouse: { url: string; performance: number; accessibility: number; bestPractices: number; seo: number }[];
}

/** Before the speed work, on the 2-core machine: PostgreSQL's CPU per request, which every cold row must beat. */
const DB_MS_BEFORE: Record<string, number> = { [COLD.member]: 1.51, [COLD.donations]: 5.8 };

const JS_BUDGET_KB = 120;
const times = (value: number) => `${value.toFixed(2)}x`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

function verdict(target: string, measured: number, limit: number, show: (value: number) => string, atLeast: boolean): Verdict {
  const meets = atLeast ? measured >= limit : measured <= limit;
  return { target, measured: show(measured), aim: `${atLeast ? '>=' : '<='} ${show(limit)}`, verdict: meets ? 'meets' : 'short' };
}

/** The targets of the rows no cache answers; a row the run did not measure (`--cold name`) has none. */
export function coldVerdicts(rows: Row[]): Verdict[] {
  const row = (name: string) => rows.find((candidate) => candidate.target === name);
  const verdicts: Verdict[] = [];
  const [floor, member, memberRef] = [row(COLD.floor), row(COLD.member), row(referenceName(COLD.member))];
  if (member && memberRef) {
    verdicts.push(verdict("member's query: req/s of the reference's", member.rps / memberRef.rps, 0.6, times, true));
    verdicts.push(verdict("member's query: PostgreSQL CPU per request", member.dbCpuMs!, memberRef.dbCpuMs!, ms, false));
    if (floor) verdicts.push(verdict("member's query: app CPU (2x the floor + the reference's)", member.appCpuMs!, 2 * floor.appCpuMs! + memberRef.appCpuMs!, ms, false));
  }
  const home = row(COLD.home);
  if (home) verdicts.push(verdict('home page, first render: app CPU', home.appCpuMs!, 12, ms, false));
  const post = row(COLD.post);
  if (post) verdicts.push(verdict('blog post page, first render: app CPU', post.appCpuMs!, 6, ms, false));
  const [donations, donationsRef] = [row(COLD.donations), row(referenceName(COLD.donations))];
  if (donations && donationsRef) verdicts.push(verdict("an Admin's 25 donations: req/s of the reference's", donations.rps / donationsRef.rps, 0.5, times, true));
  if (donations) verdicts.push(verdict("an Admin's 25 donations: PostgreSQL CPU per request", donations.dbCpuMs!, 1.5, ms, false));
  for (const [name, before] of Object.entries(DB_MS_BEFORE)) {
    const measured = row(name);
    if (measured) verdicts.push(verdict(`${name}: PostgreSQL CPU, lower than before`, measured.dbCpuMs!, before, ms, false));
  }
  return verdicts;
}

/** The targets only a full run measures: the cache hits beside their references, the first visit's weight, Lighthouse. */
export function fullRunVerdicts(cacheHits: Row[], pages: PageFigures): Verdict[] {
  const verdicts = cacheHits
    .filter((row) => row.ratio !== undefined)
    .map((row) => verdict(`${row.target}: req/s of the reference's`, row.ratio!, 0.9, times, true));
  verdicts.push(verdict('first visit to /: JS (gzip)', pages.firstVisitJsGzipBytes / 1024, JS_BUDGET_KB, (kb) => `${kb.toFixed(1)} KB`, false));
  for (const page of pages.lighthouse) {
    const lowest = Math.min(page.performance, page.accessibility, page.bestPractices, page.seo);
    verdicts.push(verdict(`Lighthouse mobile, lowest score: ${new URL(page.url).pathname}`, lowest, 100, String, true));
  }
  return verdicts;
}
