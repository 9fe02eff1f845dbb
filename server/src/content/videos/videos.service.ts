import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { ListOptions } from '../../common/list.js';
import { MediaService, type Upload } from '../../media/index.js';
import { ContentList } from '../content-list.js';
import { renderPoster } from './poster.js';
import type { VideoFilter } from './video.args.js';
import { Video } from './video.entity.js';
import { youtubeId } from './youtube.js';
import { announceListOf, checkAnnounceListId } from '../announce-list.js';

/** Video messages: public to read, admins manage them. Each gets a poster made here when its title is set. */
@Injectable()
export class VideosService extends ContentList<Video, VideoFilter> {
  private readonly logger = new Logger('Videos');
  protected readonly list: ListOptions = {
    sortable: { id: 'video.id', title: 'video.title', video: 'video.video', createdAt: 'video.createdAt', updatedAt: 'video.updatedAt' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    searchable: ['video.title', 'video.video'],
  };
  protected readonly what = 'The video';

  constructor(
    @InjectRepository(Video) videos: Repository<Video>,
    private readonly dataSource: DataSource,
    private readonly media: MediaService,
  ) {
    super(videos, 'video');
  }

  create(input: { title: string; video: string; announceListId?: string | null }, caller: AuthUser): Promise<Video> {
    const video = youtubeId(input.video);
    return this.withPoster(input.title, caller, async (manager, poster) =>
      manager.save(
        manager.create(Video, { title: input.title, video, poster: poster.url, announceListId: await announceListOf(manager, input.announceListId) }),
      ),
    );
  }

  async update(id: number, changes: { title?: string | null; video?: string | null; announceListId?: string | null }, caller: AuthUser): Promise<Video> {
    checkAnnounceListId(changes.announceListId);
    const current = await this.get(id, caller);
    if (changes.announceListId !== undefined) current.announceListId = await announceListOf(this.repository.manager, changes.announceListId);
    const video = changes.video ? youtubeId(changes.video) : current.video;
    const title = changes.title || current.title;
    if (title === current.title) {
      current.video = video;
      return this.repository.save(current);
    }
    const updated = await this.withPoster(title, caller, (manager, poster) => manager.save(Video, { ...current, title, video, poster: poster.url }));
    await this.dropPoster(current.poster);
    return updated;
  }

  async remove(id: number, caller: AuthUser): Promise<Video> {
    const video = await super.remove(id, caller);
    await this.dropPoster(video.poster);
    return video;
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
