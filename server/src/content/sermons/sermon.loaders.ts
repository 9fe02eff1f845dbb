import { Injectable, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { byKeys, LoaderFactory } from '../../common/loaders.js';
import { SermonSeriesService, SpeakersService } from './sermons.service.js';
import type { SermonSeries } from './sermon-series.entity.js';
import type { Speaker } from './speaker.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    sermonSeries: DataLoader<number, SermonSeries | null>;
    speaker: DataLoader<number, Speaker | null>;
    /** Sermons per series (`series:<id>`) or speaker (`speaker:<id>`). */
    sermonCount: DataLoader<string, number>;
  }
}

/** A page of sermons, series or speakers resolves its relations and counts in one query each. */
@Injectable()
export class SermonLoaders implements OnModuleInit {
  constructor(
    private readonly loaders: LoaderFactory,
    private readonly series: SermonSeriesService,
    private readonly speakers: SpeakersService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit() {
    this.loaders.register('sermonSeries', async (ids) => byKeys(ids, await this.series.byIds(ids), (row) => row.id));
    this.loaders.register('speaker', async (ids) => byKeys(ids, await this.speakers.byIds(ids), (row) => row.id));
    this.loaders.register('sermonCount', (keys) => this.counts(keys));
  }

  private async counts(keys: readonly string[]): Promise<number[]> {
    const idsOf = (kind: string) => keys.filter((key) => key.startsWith(`${kind}:`)).map((key) => Number(key.slice(kind.length + 1)));
    const rows: { key: string; count: number }[] = await this.dataSource.query(
      `SELECT 'series:' || series_id AS key, count(*)::int AS count FROM videos WHERE series_id = ANY($1) GROUP BY series_id
       UNION ALL
       SELECT 'speaker:' || speaker_id, count(*)::int FROM videos WHERE speaker_id = ANY($2) GROUP BY speaker_id`,
      [idsOf('series'), idsOf('speaker')],
    );
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    return keys.map((key) => counts.get(key) ?? 0);
  }
}
