import { Injectable, type Type } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import type { ListFilter, ListOptions } from '../../common/list.js';
import { MediaService } from '../../media/index.js';
import { ImageContent } from '../image-content.service.js';
import { MeetingImage } from './meeting-image.entity.js';
import type { SiteImage } from './site-image.entity.js';
import { SliderImage } from './slider-image.entity.js';
import { VisitImage } from './visit-image.entity.js';

/** How one kind of site image is read: its query alias, its name in a not-found message, and its list's columns. */
export interface SiteImageKind {
  alias: string;
  what: string;
  list: ListOptions;
}

/** The service of one kind of site image: `ImageContent` over its own repository, injected by its entity. */
export function SiteImageService<T extends SiteImage>(entity: Type<T>, kind: SiteImageKind) {
  @Injectable()
  class KindService extends ImageContent<T, ListFilter> {
    protected readonly list = kind.list;
    protected readonly what = kind.what;

    constructor(@InjectRepository(entity) repository: Repository<T>, media: MediaService) {
      super(repository, kind.alias, media);
    }
  }
  return KindService;
}

/** The home slider's pictures, public to read, in `position` order by default. */
@Injectable()
export class SliderImagesService extends SiteImageService(SliderImage, {
  alias: 'slide',
  what: 'The slider image',
  list: {
    sortable: { id: 'slide.id', title: 'slide.title', position: 'slide.position', createdAt: 'slide.createdAt' },
    defaultSort: { field: 'position', order: 'ASC' },
    searchable: ['slide.title'],
  },
}) {
  /** A new picture goes last unless a position is given. */
  async create(values: Partial<SliderImage>): Promise<SliderImage> {
    if (values.position == null) {
      const { last } = (await this.repository.createQueryBuilder('slide').select('MAX(slide.position)', 'last').getRawOne<{ last: number | null }>())!;
      values = { ...values, position: last === null ? 0 : last + 1 };
    }
    return super.create(values);
  }
}

/** The visit information's picture; the newest is shown. */
@Injectable()
export class VisitImagesService extends SiteImageService(VisitImage, {
  alias: 'visit',
  what: 'The visit image',
  list: {
    sortable: { id: 'visit.id', title: 'visit.title', createdAt: 'visit.createdAt' },
    defaultSort: { field: 'id', order: 'DESC' },
    searchable: ['visit.title'],
  },
}) {}

/** The online meeting banner; the newest is shown. Its password is for signed-in callers only. */
@Injectable()
export class MeetingImagesService extends SiteImageService(MeetingImage, {
  alias: 'meeting',
  what: 'The online meeting image',
  list: {
    sortable: { id: 'meeting.id', zoomId: 'meeting.zoomId', createdAt: 'meeting.createdAt' },
    defaultSort: { field: 'id', order: 'DESC' },
    // A column name, not a property: the search casts it (::text), where TypeORM does not map property names.
    searchable: ['meeting.zoom_id'],
  },
}) {
  protected readonly nullable: (keyof MeetingImage)[] = ['image', 'password'];

  protected shown(row: MeetingImage, caller: AuthUser | undefined): MeetingImage {
    return caller ? row : { ...row, password: null };
  }
}
