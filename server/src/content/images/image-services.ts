import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { ListOptions } from '../../common/list.js';
import { MediaService } from '../../media/index.js';
import { ImageContent } from '../image-content.service.js';
import type { MeetingImageFilter, SliderImageFilter, VisitImageFilter } from './image.args.js';
import { MeetingImage } from './meeting-image.entity.js';
import { SliderImage } from './slider-image.entity.js';
import { VisitImage } from './visit-image.entity.js';

/** The home slider's pictures, public to read, in `position` order by default. */
@Injectable()
export class SliderImagesService extends ImageContent<SliderImage, SliderImageFilter> {
  protected readonly list: ListOptions = {
    sortable: { id: 'slide.id', title: 'slide.title', position: 'slide.position', createdAt: 'slide.createdAt' },
    defaultSort: { field: 'position', order: 'ASC' },
    searchable: ['slide.title'],
  };
  protected readonly what = 'The slider image';

  constructor(@InjectRepository(SliderImage) slides: Repository<SliderImage>, media: MediaService) {
    super(slides, 'slide', media);
  }

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
export class VisitImagesService extends ImageContent<VisitImage, VisitImageFilter> {
  protected readonly list: ListOptions = {
    sortable: { id: 'visit.id', title: 'visit.title', createdAt: 'visit.createdAt' },
    defaultSort: { field: 'id', order: 'DESC' },
    searchable: ['visit.title'],
  };
  protected readonly what = 'The visit image';

  constructor(@InjectRepository(VisitImage) images: Repository<VisitImage>, media: MediaService) {
    super(images, 'visit', media);
  }
}

/** The online meeting banner; the newest is shown. Its password is for signed-in callers only. */
@Injectable()
export class MeetingImagesService extends ImageContent<MeetingImage, MeetingImageFilter> {
  protected readonly list: ListOptions = {
    sortable: { id: 'meeting.id', zoomId: 'meeting.zoomId', createdAt: 'meeting.createdAt' },
    defaultSort: { field: 'id', order: 'DESC' },
    // A column name, not a property: the search casts it (::text), where TypeORM does not map property names.
    searchable: ['meeting.zoom_id'],
  };
  protected readonly what = 'The online meeting image';
  protected readonly nullable: (keyof MeetingImage)[] = ['image', 'password'];

  constructor(@InjectRepository(MeetingImage) images: Repository<MeetingImage>, media: MediaService) {
    super(images, 'meeting', media);
  }

  protected shown(row: MeetingImage, caller: AuthUser | undefined): MeetingImage {
    return caller ? row : { ...row, password: null };
  }
}
