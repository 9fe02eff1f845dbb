import { AppError } from '../../common/app-error.js';

/** One chapter as the podcast namespace's JSON chapters define it; nothing else is kept. */
interface Chapter {
  startTime: number;
  endTime?: number;
  title?: string;
  img?: string;
  url?: string;
  toc?: boolean;
}

const MAX_CHAPTERS = 500;
const TITLE_MAX = 300;
const EXAMPLE = '{"version":"1.2.0","chapters":[{"startTime":0,"title":"Welcome"}]}';

const refuse = (why: string) => AppError.badInput('chapters', `chapters ${why}, e.g. ${EXAMPLE}`);
const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** Podcast apps and the sermon page open a chapter's link and picture: web addresses only. */
const isWebAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 500 && /^https?:\/\/[^\s]+$/i.test(value);

function chapterOf(value: unknown, index: number): Chapter {
  const given = (value ?? {}) as Record<string, unknown>;
  const where = `chapter ${index + 1}`;
  if (typeof value !== 'object' || Array.isArray(value) || !isSeconds(given.startTime)) throw refuse(`must each have a "startTime" in seconds (${where})`);
  const chapter: Chapter = { startTime: given.startTime };
  if (given.endTime !== undefined) {
    if (!isSeconds(given.endTime) || given.endTime <= given.startTime) throw refuse(`must end after they start (${where})`);
    chapter.endTime = given.endTime;
  }
  if (given.title !== undefined) {
    if (typeof given.title !== 'string' || given.title.length > TITLE_MAX) throw refuse(`titles must be text of at most ${TITLE_MAX} characters (${where})`);
    chapter.title = given.title;
  }
  for (const field of ['img', 'url'] as const) {
    if (given[field] === undefined) continue;
    if (!isWebAddress(given[field])) throw refuse(`"${field}" must be an http or https address (${where})`);
    chapter[field] = given[field];
  }
  if (given.toc !== undefined) {
    if (typeof given.toc !== 'boolean') throw refuse(`"toc" must be true or false (${where})`);
    chapter.toc = given.toc;
  }
  return chapter;
}

/**
 * JSON chapters (podcast namespace, version 1.2.0) rebuilt from the fields the format defines, each checked: in
 * order of start, links that are web addresses, nothing else carried over, so what is stored is always small and flat.
 */
export function normaliseChapters(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse('must be JSON');
  }
  const { version, chapters } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof version !== 'string' || version.length > 20 || !Array.isArray(chapters)) throw refuse('must have a "version" and a list of "chapters"');
  if (chapters.length > MAX_CHAPTERS) throw refuse(`may hold at most ${MAX_CHAPTERS} chapters`);
  const checked = chapters.map(chapterOf);
  if (checked.some((chapter, i) => i > 0 && chapter.startTime < checked[i - 1].startTime)) throw refuse('must be in the order they start');
  return JSON.stringify({ version, chapters: checked });
}
