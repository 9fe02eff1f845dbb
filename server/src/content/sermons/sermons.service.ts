import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { applyListFilter, type ListOptions } from '../../common/list.js';
import { MediaService } from '../../media/index.js';
import { ImageContent } from '../image-content.service.js';
import { uniqueSlug } from '../posts/post-slug.js';
import type { SermonSeriesFilter, SpeakerFilter } from './sermons.args.js';
import { SermonSeries } from './sermon-series.entity.js';
import { Speaker } from './speaker.entity.js';

type Named = (SermonSeries | Speaker) & { slug: string };

/** Series and speakers: public records with a picture, and a slug made once from the name for their page's address. */
abstract class SlugContent<T extends Named, F extends SermonSeriesFilter> extends ImageContent<T, F> {
  protected abstract readonly table: 'sermon_series' | 'speakers';
  protected abstract nameOf(values: Partial<T>): string;

  protected filtered(filter: F | null | undefined): SelectQueryBuilder<T> {
    const query = applyListFilter(this.repository.createQueryBuilder(this.alias), filter, this.list);
    if (filter?.slug) query.andWhere(`${this.alias}.slug = :slug`, { slug: filter.slug });
    return query;
  }

  /** The slug is chosen under its lock, held until the row is saved. */
  async create(values: Partial<T>): Promise<T> {
    return this.repository.manager.transaction(async (manager) => {
      const slug = await uniqueSlug(manager, this.nameOf(values), '', this.table);
      return super.create({ ...values, slug }, manager);
    });
  }

  byIds(ids: readonly number[]): Promise<T[]> {
    return this.repository.findBy({ id: In([...ids]) } as never);
  }
}

@Injectable()
export class SermonSeriesService extends SlugContent<SermonSeries, SermonSeriesFilter> {
  protected readonly table = 'sermon_series';
  protected readonly nullable: (keyof SermonSeries)[] = ['image', 'startedAt'];
  protected readonly list: ListOptions = {
    sortable: {
      id: 'series.id',
      title: 'series.title',
      startedAt: { column: 'series.startedAt', nulls: 'NULLS LAST', then: { column: 'series.id', order: 'DESC' } },
      createdAt: 'series.createdAt',
    },
    defaultSort: { field: 'startedAt', order: 'DESC' },
    searchable: ['series.title', 'series.description'],
  };
  protected readonly what = 'The sermon series';

  constructor(@InjectRepository(SermonSeries) series: Repository<SermonSeries>, media: MediaService) {
    super(series, 'series', media);
  }

  protected nameOf(values: Partial<SermonSeries>): string {
    return values.title ?? '';
  }
}

/** The senior pastors of the site settings, in their order, come before the other speakers. */
const PASTORS_FIRST = `coalesce(array_position((SELECT array_agg(p ->> 'name') FROM site_settings st, jsonb_array_elements(st.pastors) p), speaker.name), 1000)`;

@Injectable()
export class SpeakersService extends SlugContent<Speaker, SpeakerFilter> {
  protected readonly table = 'speakers';
  protected readonly list: ListOptions = {
    sortable: {
      id: 'speaker.id',
      name: 'speaker.name',
      pastorsFirst: { column: PASTORS_FIRST, nulls: 'NULLS LAST', then: { column: 'speaker.name', order: 'ASC' } },
      createdAt: 'speaker.createdAt',
    },
    defaultSort: { field: 'pastorsFirst', order: 'ASC' },
    searchable: ['speaker.name', 'speaker.bio'],
  };
  protected readonly what = 'The speaker';

  constructor(@InjectRepository(Speaker) speakers: Repository<Speaker>, media: MediaService) {
    super(speakers, 'speaker', media);
  }

  protected nameOf(values: Partial<Speaker>): string {
    return values.name ?? '';
  }
}
