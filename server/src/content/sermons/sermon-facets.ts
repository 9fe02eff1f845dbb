import { Field, Int, ObjectType } from '@nestjs/graphql';
import { BIBLE_BOOKS, bookName, parsePassages } from '@ministry/shared/passages';
import type { DataSource } from 'typeorm';

@ObjectType()
export class FacetCount {
  @Field({ description: 'What the filter takes: an OSIS book code or a year' })
  value: string;

  @Field({ description: 'What to show, e.g. "1 Corinthians"' })
  label: string;

  @Field(() => Int)
  count: number;
}

@ObjectType()
export class SermonFacets {
  @Field(() => [FacetCount], { description: 'Books of the Bible with sermons, in canonical order' })
  books: FacetCount[];

  @Field(() => [FacetCount], { description: 'Years with sermons, latest first' })
  years: FacetCount[];
}

@ObjectType()
export class PassageCheck {
  @Field(() => [String], { description: 'How the passages will be stored, e.g. "John 3:16–18"' })
  passages: string[];

  @Field(() => [String], { description: 'The parts of the text that are not a Bible reference' })
  unrecognised: string[];
}

export function checkPassages(text: string): PassageCheck {
  const { passages, unrecognised } = parsePassages(text);
  return { passages: passages.map((p) => p.label), unrecognised };
}

const CANON = new Map(BIBLE_BOOKS.map((b, i) => [b.osis, i]));

/** The filters' choices: what there is to find, with counts, in two grouped queries. */
export async function sermonFacets(dataSource: DataSource): Promise<SermonFacets> {
  const [books, years]: [{ book: string; count: number }[], { year: number; count: number }[]] = await Promise.all([
    dataSource.query(
      `SELECT r.book, count(DISTINCT v.id)::int AS count
         FROM videos v, jsonb_array_elements(v.passages) AS p(passage), jsonb_to_recordset(p.passage -> 'ranges') AS r(book text)
        GROUP BY r.book`,
    ),
    dataSource.query(`SELECT extract(year FROM coalesce(preached_on, created_at))::int AS year, count(*)::int AS count FROM videos GROUP BY 1 ORDER BY 1 DESC`),
  ]);
  return {
    books: books
      .sort((a, b) => (CANON.get(a.book) ?? 99) - (CANON.get(b.book) ?? 99))
      .map(({ book, count }) => ({ value: book, label: bookName(book), count })),
    years: years.map(({ year, count }) => ({ value: String(year), label: String(year), count })),
  };
}
