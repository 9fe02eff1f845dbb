import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import { CATEGORY } from '../posts/post-category.entity.js';
import { Post } from '../posts/post.entity.js';
import { endOf, isOccurrence, LONDON } from '../posts/program-schedule.js';
import { blank, idOf } from '../sermons/sermon-fields.js';
import { SermonSeries } from '../sermons/sermon-series.entity.js';
import { Speaker } from '../sermons/speaker.entity.js';
import type { CreateVideoArgs } from '../videos/video.args.js';
import type { Video } from '../videos/video.entity.js';
import { VideosService } from '../videos/videos.service.js';
import { youtubeId } from '../videos/youtube.js';
import type { UpdateLiveStreamArgs } from './live-stream.args.js';
import { LiveStatus, LiveStream, THE_STREAM } from './live-stream.entity.js';
import { nextService, type ScheduleEntry } from './next-service.js';

const HOUR = 60 * 60 * 1000;
/** A stream set without an end runs this long. */
const DEFAULT_LENGTH = 2 * HOUR;
/** How long the live page keeps saying a stream has ended, with a link to its sermon, before it shows nothing. */
const ENDED_SHOWN_FOR = 12 * HOUR;
/** Serialises writes of the one stream, so two staff saving at once, or making a sermon of it at once, cannot collide. */
const STREAM_LOCK = 724_314;

/** A stream's status at `now`; null once it ended more than `ENDED_SHOWN_FOR` ago. */
export function statusAt(stream: Pick<LiveStream, 'startsAt' | 'endsAt'>, now: Date): LiveStatus | null {
  const at = now.getTime();
  if (at < stream.startsAt.getTime()) return LiveStatus.Upcoming;
  if (at < stream.endsAt.getTime()) return LiveStatus.Live;
  return at < stream.endsAt.getTime() + ENDED_SHOWN_FOR ? LiveStatus.Ended : null;
}

/** An https HLS playlist: the page plays it in a `<video>`, so never plain http on an https page. */
function hlsUrlOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.username || url.password || !url.pathname.endsWith('.m3u8')) {
    throw AppError.badInput('hlsUrl', 'hlsUrl must be an https address of an HLS playlist ending .m3u8');
  }
  return url.href;
}

/** An http(s) address, or a path on this site (never `//host`, which would leave it). */
function serviceSheetUrlOf(value: string): string {
  if (/^\/(?![/\\])/.test(value) && !value.includes('\\')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // Neither a path nor an address: refused below.
  }
  throw AppError.badInput('serviceSheetUrl', 'serviceSheetUrl must be an http or https address or a path on this site, e.g. /uploads/service-sheet.pdf');
}

type StreamTimes = Pick<LiveStream, 'title' | 'startsAt' | 'endsAt' | 'postId'>;

/**
 * The live page's one stream. Every write is an entity save or remove, so the visitors' cache of `liveStream`
 * (kept `PUBLIC_CACHE_SECONDS`) is emptied at once; the status itself is worked out from the clock on each answer.
 */
@Injectable()
export class LiveStreamService {
  constructor(
    @InjectRepository(LiveStream) private readonly streams: Repository<LiveStream>,
    private readonly videos: VideosService,
    private readonly dataSource: DataSource,
  ) {}

  /** The stream before, during or within 12 hours after it; null when there is none or it ended longer ago. */
  async current(now = new Date()): Promise<LiveStream | null> {
    const stream = await this.streams.findOneBy({ id: THE_STREAM });
    return stream && statusAt(stream, now) ? stream : null;
  }

  /** The next service of the site settings' weekly schedule, read here (the site's settings build on content). */
  async nextService(now = new Date()): Promise<{ name: string; startsAt: Date } | null> {
    const [row] = await this.dataSource.query<{ schedule: ScheduleEntry[] }[]>(`SELECT weekly_schedule AS schedule FROM site_settings WHERE id = 1`);
    return nextService(row?.schedule ?? [], now);
  }

  /** Replaces the stream; everything is checked before anything is written. A sermon made of it stays linked while its start stays. */
  async update(input: UpdateLiveStreamArgs): Promise<LiveStream> {
    return this.locked(async (manager) => {
      const times = await this.timesOf(manager, input);
      const stream = manager.create(LiveStream, {
        id: THE_STREAM,
        ...times,
        video: blank(input.video) ? null : youtubeId(input.video),
        hlsUrl: blank(input.hlsUrl) ? null : hlsUrlOf(input.hlsUrl),
        serviceSheetUrl: blank(input.serviceSheetUrl) ? null : serviceSheetUrlOf(input.serviceSheetUrl),
        seriesId: blank(input.seriesId) ? null : await idOf(manager, SermonSeries, input.seriesId, 'seriesId', 'sermon series'),
        speakerId: blank(input.speakerId) ? null : await idOf(manager, Speaker, input.speakerId, 'speakerId', 'speaker'),
      });
      const before = await manager.findOneBy(LiveStream, { id: THE_STREAM });
      stream.sermonId = before && before.startsAt.getTime() === stream.startsAt.getTime() ? before.sermonId : null;
      return manager.save(stream);
    });
  }

  /** Takes the stream down; false when there was none. */
  async clear(): Promise<boolean> {
    const stream = await this.streams.findOneBy({ id: THE_STREAM });
    if (!stream) return false;
    await this.streams.remove(stream);
    return true;
  }

  /**
   * A sermon of the last stream: its video, title, London date, speaker and series, not in the podcast until
   * staff add the audio and publish it. Asked again, it answers the sermon already made.
   */
  async toSermon(caller: AuthUser): Promise<Video> {
    return this.locked(async (manager) => {
      const stream = await manager.findOneBy(LiveStream, { id: THE_STREAM });
      if (!stream) throw AppError.notFound('The live stream');
      if (stream.sermonId) return this.videos.get(stream.sermonId, caller);
      if (!stream.video) throw AppError.badInput('video', 'The live stream has no YouTube video to make a sermon of: set its video first');
      const input: CreateVideoArgs = {
        title: stream.title,
        video: stream.video,
        preachedOn: DateTime.fromJSDate(stream.startsAt, { zone: LONDON }).toISODate(),
        seriesId: stream.seriesId ? String(stream.seriesId) : null,
        speakerId: stream.speakerId ? String(stream.speakerId) : null,
        inPodcast: false,
      };
      // The sermon commits on its own (with its poster) while the lock is held, so a second call finds it linked.
      const sermon = await this.videos.create(input, caller);
      await manager.save(Object.assign(stream, { sermonId: sermon.id }));
      return sermon;
    });
  }

  /** Runs `work` in a transaction holding the stream's lock. */
  private locked<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [STREAM_LOCK]);
      return work(manager);
    });
  }

  /** The title and times as given, or taken from a program's occurrence (which must be one of its starts). */
  private async timesOf(manager: EntityManager, input: UpdateLiveStreamArgs): Promise<StreamTimes> {
    let title = blank(input.title) ? null : input.title;
    let startsAt = input.startsAt ?? null;
    let endsAt = input.endsAt ?? null;
    let postId: number | null = null;
    if (!blank(input.postId) || input.occurrenceStart) {
      if (blank(input.postId)) throw AppError.badInput('postId', 'postId must name the program whose occurrence starts at occurrenceStart');
      if (!input.occurrenceStart) throw AppError.badInput('occurrenceStart', "occurrenceStart must be the start of one of the program's occurrences");
      postId = toId(input.postId, 'postId');
      const program = await manager.findOneBy(Post, { id: postId, categoryId: CATEGORY.programs });
      if (!program?.startsAt) throw AppError.badInput('postId', 'postId must name a program with a date');
      if (!isOccurrence(program, input.occurrenceStart)) throw AppError.badInput('occurrenceStart', `occurrenceStart is not a start of "${program.name}"`);
      title ??= program.name;
      startsAt = input.occurrenceStart;
      endsAt = endOf(startsAt, program) ?? endsAt;
    }
    if (!title) throw AppError.badInput('title', 'title is required');
    if (!startsAt) throw AppError.badInput('startsAt', 'startsAt is required');
    endsAt ??= new Date(startsAt.getTime() + DEFAULT_LENGTH);
    if (endsAt.getTime() <= startsAt.getTime()) throw AppError.badInput('endsAt', 'endsAt must be after startsAt');
    return { title, startsAt, endsAt, postId };
  }
}
