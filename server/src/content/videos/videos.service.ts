import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { applyListFilter, ListOptions } from '../../common/list.js';
import { AudioFilesService, MediaService, type Upload } from '../../media/index.js';
import { ContentList } from '../content-list.js';
import { announceListOf, checkAnnounceListId } from '../announce-list.js';
import { checkSermonIds, publishToPodcast, sermonChanges } from '../sermons/sermon-fields.js';
import { applySermonFilter } from '../sermons/sermon-filter.js';
import { SermonSeries } from '../sermons/sermon-series.entity.js';
import { Speaker } from '../sermons/speaker.entity.js';
import { renderPoster } from './poster.js';
import type { CreateVideoArgs, UpdateVideoArgs, VideoFilter } from './video.args.js';
import { Video } from './video.entity.js';
import { youtubeId } from './youtube.js';

type VideoChanges = Omit<UpdateVideoArgs, 'id'>;

/** Video messages and sermons: public to read, content staff manage them. Each gets a poster made here when its title is set. */
@Injectable()
export class VideosService extends ContentList<Video, VideoFilter> {
  private readonly logger = new Logger('Videos');
  protected readonly list: ListOptions = {
    sortable: {
      id: 'video.id',
      title: 'video.title',
      video: 'video.video',
      createdAt: 'video.createdAt',
      updatedAt: 'video.updatedAt',
      preachedOn: { column: 'video.preachedOn', nulls: 'NULLS LAST', then: { column: 'video.createdAt', order: 'DESC' } },
    },
    defaultSort: { field: 'createdAt', order: 'DESC' },
  };
  protected readonly what = 'The video';

  constructor(
    @InjectRepository(Video) videos: Repository<Video>,
    private readonly dataSource: DataSource,
    private readonly media: MediaService,
    private readonly audioFiles: AudioFilesService,
  ) {
    super(videos, 'video');
  }

  protected filtered(filter: VideoFilter | null | undefined): SelectQueryBuilder<Video> {
    return applySermonFilter(applyListFilter(this.repository.createQueryBuilder('video'), filter, this.list), filter);
  }

  protected withJoins(query: SelectQueryBuilder<Video>): SelectQueryBuilder<Video> {
    return query
      .leftJoinAndMapOne('video.series', SermonSeries, 'video_series', 'video_series.id = video.series_id')
      .leftJoinAndMapOne('video.speaker', Speaker, 'video_speaker', 'video_speaker.id = video.speaker_id');
  }

  async create(input: CreateVideoArgs, caller: AuthUser): Promise<Video> {
    checkSermonIds(input);
    const video = youtubeId(input.video);
    const announceListId = await announceListOf(this.repository.manager, input.announceListId);
    return this.withPoster(input.title, caller, async (manager, poster) => {
      const row = manager.create(Video, {
        title: input.title,
        video,
        poster: poster.url,
        announceListId,
        podcastGuid: randomUUID(),
        ...(await sermonChanges(manager, this.audioFiles, input)),
      });
      await publishToPodcast(manager, row);
      return manager.save(row);
    });
  }

  async update(id: number, changes: VideoChanges, caller: AuthUser): Promise<Video> {
    checkAnnounceListId(changes.announceListId);
    checkSermonIds(changes);
    const current = await this.get(id, caller);
    if (changes.announceListId !== undefined) current.announceListId = await announceListOf(this.repository.manager, changes.announceListId);
    const video = changes.video ? youtubeId(changes.video) : current.video;
    const title = changes.title || current.title;
    // The joined series and speaker may no longer be the row's: the field resolvers read them again.
    const apply = async (manager: EntityManager, row: Video) => {
      Object.assign(row, await sermonChanges(manager, this.audioFiles, changes), { video, series: undefined, speaker: undefined });
      await publishToPodcast(manager, row);
      return manager.save(Video, row);
    };
    const { poster: oldPoster, audio: oldAudio } = current;
    const updated =
      title === current.title
        ? await this.dataSource.transaction((manager) => apply(manager, current))
        : await this.withPoster(title, caller, (manager, poster) => apply(manager, Object.assign(current, { title, poster: poster.url })));
    if (updated.poster !== oldPoster) await this.dropPoster(oldPoster);
    if (updated.audio !== oldAudio) await this.dropAudio(oldAudio);
    return updated;
  }

  async remove(id: number, caller: AuthUser): Promise<Video> {
    const video = await super.remove(id, caller);
    await this.dropPoster(video.poster);
    await this.dropAudio(video.audio);
    return video;
  }

  /** An audio file no sermon plays any more is deleted; the listeners' apps have the feed without it. */
  private async dropAudio(url: string | null) {
    if (!url || (await this.repository.existsBy({ audio: url }))) return;
    await this.audioFiles.removeAudio(url).catch((error: Error) => this.logger.warn(`could not remove audio ${url}: ${error.message}`));
  }

  /** Makes a poster and runs `write` in the transaction that records it; the files go if the write fails. */
  private async withPoster(title: string, caller: AuthUser, write: (manager: EntityManager, poster: Upload) => Promise<Video>): Promise<Video> {
    const image = await renderPoster(title);
    let poster: Upload | undefined;
    try {
      return await this.dataSource.transaction(async (manager) => {
        poster = await this.media.storeImage(image, 'poster', caller.id, manager);
        return write(manager, poster);
      });
    } catch (error) {
      if (poster) await this.media.discardFiles(poster);
      throw error;
    }
  }

  private async dropPoster(url: string | null) {
    await this.media.removeImage(url).catch((error: Error) => this.logger.warn(`could not remove poster ${url}: ${error.message}`));
  }
}
