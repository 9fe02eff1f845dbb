import { parsePassages, type Passage } from '@ministry/shared/passages';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import type { AudioFilesService } from '../../media/index.js';
import type { SermonFieldsArgs } from '../videos/video.args.js';
import type { Video } from '../videos/video.entity.js';
import { normaliseChapters } from './chapters.js';
import { SermonSeries } from './sermon-series.entity.js';
import { Speaker } from './speaker.entity.js';

/** Numbering episodes one at a time, so two sermons published at once never share a number. */
const EPISODE_LOCK = 724_313;

type SermonColumns = Pick<
  Video,
  | 'seriesId'
  | 'speakerId'
  | 'passageRanges'
  | 'preachedOn'
  | 'summary'
  | 'audio'
  | 'audioBytes'
  | 'audioDurationSeconds'
  | 'audioMimeType'
  | 'transcript'
  | 'chapters'
  | 'inPodcast'
>;

/** Null or `""`: the caller clears the field. */
export const blank = (value: string | null | undefined): value is '' | null | undefined => value === undefined || value === null || value === '';

/** Stored passages from what was typed: every part must be a reference, so nothing typed is silently dropped. */
export function passagesOf(text: string): Passage[] {
  const { passages, unrecognised } = parsePassages(text);
  if (unrecognised.length) {
    throw AppError.badInput('passages', `passages must be Bible references, e.g. "John 3:16-18; Psalm 23"; not understood: "${unrecognised.join('", "')}"`);
  }
  return passages;
}

/** Malformed series and speaker ids are refused before anything is read, as every id argument is. */
export function checkSermonIds(input: Pick<SermonFieldsArgs, 'seriesId' | 'speakerId'>): void {
  if (!blank(input.seriesId)) toId(input.seriesId, 'seriesId');
  if (!blank(input.speakerId)) toId(input.speakerId, 'speakerId');
}

/** A series or speaker id that names one, else a 400 naming `field`. */
export async function idOf(manager: EntityManager, entity: typeof SermonSeries | typeof Speaker, value: string, field: string, what: string): Promise<number> {
  const id = toId(value, field);
  if (!(await manager.existsBy(entity, { id }))) throw AppError.badInput(field, `${field} names no ${what}`);
  return id;
}

/**
 * The sermon columns an input changes (undefined leaves one alone, null or `""` clears it). The audio's size,
 * length and type come from its upload, never from the caller.
 */
export async function sermonChanges(manager: EntityManager, audioFiles: AudioFilesService, input: SermonFieldsArgs): Promise<Partial<SermonColumns>> {
  const changes: Partial<SermonColumns> = {};
  if (input.seriesId !== undefined)
    changes.seriesId = blank(input.seriesId) ? null : await idOf(manager, SermonSeries, input.seriesId, 'seriesId', 'sermon series');
  if (input.speakerId !== undefined) changes.speakerId = blank(input.speakerId) ? null : await idOf(manager, Speaker, input.speakerId, 'speakerId', 'speaker');
  if (input.passages !== undefined) changes.passageRanges = blank(input.passages) ? [] : passagesOf(input.passages);
  if (input.preachedOn !== undefined) changes.preachedOn = blank(input.preachedOn) ? null : input.preachedOn;
  if (input.summary !== undefined) changes.summary = blank(input.summary) ? null : input.summary;
  if (input.transcript !== undefined) changes.transcript = blank(input.transcript?.trim()) ? null : input.transcript!;
  if (input.chapters !== undefined) changes.chapters = blank(input.chapters) ? null : normaliseChapters(input.chapters);
  if (input.inPodcast !== undefined && input.inPodcast !== null) changes.inPodcast = input.inPodcast;
  if (input.audio !== undefined) {
    const audio = blank(input.audio) ? null : await audioFiles.audioOf(input.audio);
    if (!blank(input.audio) && !audio) throw AppError.badInput('audio', 'audio must be the url of an audio file uploaded with POST /api/uploads');
    Object.assign(changes, {
      audio: audio?.url ?? null,
      audioBytes: audio?.bytes ?? null,
      audioDurationSeconds: audio?.durationSeconds ?? null,
      audioMimeType: audio?.mimeType ?? null,
    });
  }
  return changes;
}

/** A sermon in the podcast needs audio, and gets the next episode number the first time it is published. */
export async function publishToPodcast(manager: EntityManager, video: Video): Promise<void> {
  if (!video.inPodcast) return;
  if (!video.audio) throw AppError.badInput('inPodcast', 'A sermon needs its audio before it can be published to the podcast');
  if (video.episode !== null && video.episode !== undefined) return;
  await manager.query('SELECT pg_advisory_xact_lock($1)', [EPISODE_LOCK]);
  const [{ next }] = await manager.query(`SELECT coalesce(max(episode), 0) + 1 AS next FROM videos`);
  video.episode = Number(next);
}
