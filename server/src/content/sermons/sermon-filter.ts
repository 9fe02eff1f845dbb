import { bookOf, parsePassages } from '@ministry/shared/passages';
import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import type { VideoFilter } from '../videos/video.args.js';
import type { Video } from '../videos/video.entity.js';

/** The video's passages as rows: one per verse range. */
const RANGES = `jsonb_array_elements(video.passages) AS p(passage), jsonb_to_recordset(p.passage -> 'ranges') AS r(book text, "from" int, "to" int)`;

/**
 * The sermon filters: series, speaker, book, year, and `q` over the title, summary, speaker's name and passages
 * (a reference in `q` finds every sermon whose passages overlap it: "John 3" finds John 3:16).
 */
export function applySermonFilter(query: SelectQueryBuilder<Video>, filter: VideoFilter | null | undefined): SelectQueryBuilder<Video> {
  if (!filter) return query;
  if (filter.seriesId) query.andWhere('video.series_id = :seriesId', { seriesId: toId(filter.seriesId, 'filter.seriesId') });
  if (filter.speakerId) query.andWhere('video.speaker_id = :speakerId', { speakerId: toId(filter.speakerId, 'filter.speakerId') });
  if (filter.year) query.andWhere('extract(year FROM coalesce(video.preached_on, video.created_at)) = :year', { year: filter.year });
  if (filter.book) {
    const book = bookOf(filter.book);
    if (!book) throw AppError.badInput('filter.book', 'filter.book must be a book of the Bible, e.g. John');
    query.andWhere(`EXISTS (SELECT 1 FROM ${RANGES} WHERE r.book = :book)`, { book });
  }
  const q = filter.q?.trim();
  if (!q) return query;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ranges = parsePassages(q).passages.flatMap((p) => p.ranges);
  return query.andWhere(
    new Brackets((where) => {
      where
        .where('video.title ILIKE :sermonQ', { sermonQ: pattern })
        .orWhere('video.summary ILIKE :sermonQ')
        .orWhere('video.video ILIKE :sermonQ')
        .orWhere('EXISTS (SELECT 1 FROM speakers s WHERE s.id = video.speaker_id AND s.name ILIKE :sermonQ)');
      ranges.forEach((range, i) =>
        where.orWhere(`EXISTS (SELECT 1 FROM ${RANGES} WHERE r.book = :qBook${i} AND r."from" <= :qTo${i} AND r."to" >= :qFrom${i})`, {
          [`qBook${i}`]: range.book,
          [`qFrom${i}`]: range.from,
          [`qTo${i}`]: range.to,
        }),
      );
    }),
  );
}
