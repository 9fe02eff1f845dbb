import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';

/**
 * Bible references as a sermon's passages: parsed by OpenBible.info's parser (abbreviations, ranges, lists),
 * shown in one normal form ("Jn 3:16-18" is "John 3:16–18") and kept as verse ranges so a search for "John 3"
 * finds a sermon on John 3:16. A position is chapter × 1000 + verse; a whole chapter runs to verse 999.
 */
export interface PassageRange {
  /** The OSIS book code, e.g. `John`, `1Cor`. */
  book: string;
  from: number;
  to: number;
}

export interface Passage {
  /** e.g. "John 3:16–18" */
  label: string;
  ranges: PassageRange[];
}

export interface ParsedPassages {
  passages: Passage[];
  /** The parts of the text that are not a reference, to show the person typing. */
  unrecognised: string[];
}

/** The 66 books in canonical order: OSIS code and English name. */
export const BIBLE_BOOKS: readonly { osis: string; name: string }[] = [
  ['Gen', 'Genesis'],
  ['Exod', 'Exodus'],
  ['Lev', 'Leviticus'],
  ['Num', 'Numbers'],
  ['Deut', 'Deuteronomy'],
  ['Josh', 'Joshua'],
  ['Judg', 'Judges'],
  ['Ruth', 'Ruth'],
  ['1Sam', '1 Samuel'],
  ['2Sam', '2 Samuel'],
  ['1Kgs', '1 Kings'],
  ['2Kgs', '2 Kings'],
  ['1Chr', '1 Chronicles'],
  ['2Chr', '2 Chronicles'],
  ['Ezra', 'Ezra'],
  ['Neh', 'Nehemiah'],
  ['Esth', 'Esther'],
  ['Job', 'Job'],
  ['Ps', 'Psalms'],
  ['Prov', 'Proverbs'],
  ['Eccl', 'Ecclesiastes'],
  ['Song', 'Song of Songs'],
  ['Isa', 'Isaiah'],
  ['Jer', 'Jeremiah'],
  ['Lam', 'Lamentations'],
  ['Ezek', 'Ezekiel'],
  ['Dan', 'Daniel'],
  ['Hos', 'Hosea'],
  ['Joel', 'Joel'],
  ['Amos', 'Amos'],
  ['Obad', 'Obadiah'],
  ['Jonah', 'Jonah'],
  ['Mic', 'Micah'],
  ['Nah', 'Nahum'],
  ['Hab', 'Habakkuk'],
  ['Zeph', 'Zephaniah'],
  ['Hag', 'Haggai'],
  ['Zech', 'Zechariah'],
  ['Mal', 'Malachi'],
  ['Matt', 'Matthew'],
  ['Mark', 'Mark'],
  ['Luke', 'Luke'],
  ['John', 'John'],
  ['Acts', 'Acts'],
  ['Rom', 'Romans'],
  ['1Cor', '1 Corinthians'],
  ['2Cor', '2 Corinthians'],
  ['Gal', 'Galatians'],
  ['Eph', 'Ephesians'],
  ['Phil', 'Philippians'],
  ['Col', 'Colossians'],
  ['1Thess', '1 Thessalonians'],
  ['2Thess', '2 Thessalonians'],
  ['1Tim', '1 Timothy'],
  ['2Tim', '2 Timothy'],
  ['Titus', 'Titus'],
  ['Phlm', 'Philemon'],
  ['Heb', 'Hebrews'],
  ['Jas', 'James'],
  ['1Pet', '1 Peter'],
  ['2Pet', '2 Peter'],
  ['1John', '1 John'],
  ['2John', '2 John'],
  ['3John', '3 John'],
  ['Jude', 'Jude'],
  ['Rev', 'Revelation'],
].map(([osis, name]) => ({ osis, name }));

const NAMES = new Map(BIBLE_BOOKS.map((b) => [b.osis, b.name]));
const ONE_CHAPTER = new Set(['Obad', 'Phlm', '2John', '3John', 'Jude']);
const WHOLE_CHAPTER = 999;

/** The English name of an OSIS book code. */
export const bookName = (osis: string): string => NAMES.get(osis) ?? osis;

const parser = new bcv_parser(english);
// A chapter stays a chapter ("John.3"), so it can be shown and searched as one.
parser.set_options({ osis_compaction_strategy: 'bc', consecutive_combination_strategy: 'separate' });

interface Point {
  book: string;
  chapter: number;
  verse: number | null;
}

function pointOf(osis: string): Point {
  const [book, chapter, verse] = osis.split('.');
  return { book, chapter: Number(chapter), verse: verse === undefined ? null : Number(verse) };
}

const position = (p: Point, end: boolean) => p.chapter * 1000 + (p.verse ?? (end ? WHOLE_CHAPTER : 1));

function rangesOf(start: Point, end: Point): PassageRange[] {
  if (start.book === end.book) return [{ book: start.book, from: position(start, false), to: position(end, true) }];
  // A reading across books ("Malachi 4 – Matthew 1") searches as the end of one and the start of the next.
  return [
    { book: start.book, from: position(start, false), to: 999 * 1000 + WHOLE_CHAPTER },
    { book: end.book, from: 1001, to: position(end, true) },
  ];
}

function reference(p: Point, withBook: boolean): string {
  const name = p.book === 'Ps' ? 'Psalm' : bookName(p.book);
  const place = ONE_CHAPTER.has(p.book) ? `${p.verse ?? ''}` : p.verse === null ? `${p.chapter}` : `${p.chapter}:${p.verse}`;
  if (!withBook) return place;
  return place ? `${name} ${place}` : name;
}

/** "John.3.16-John.3.18" as "John 3:16–18", with an en dash as in print. */
function labelOf(start: Point, end: Point | null): string {
  if (!end) return reference(start, true);
  if (start.book !== end.book) return `${reference(start, true)} – ${reference(end, true)}`;
  const sameChapter = start.chapter === end.chapter && start.verse !== null && end.verse !== null;
  const tail = sameChapter || ONE_CHAPTER.has(end.book) ? `${end.verse}` : reference(end, false);
  const head = start.book === 'Ps' && start.verse === null ? `Psalms ${start.chapter}` : reference(start, true);
  return `${head}–${tail}`;
}

function passageOf(osis: string): Passage {
  const [first, last] = osis.split('-');
  const start = pointOf(first);
  const end = last ? pointOf(last) : null;
  return { label: labelOf(start, end), ranges: rangesOf(start, end ?? start) };
}

/** Every reference in `text`, normalised; whatever is left over is reported, never guessed at. */
export function parsePassages(text: string): ParsedPassages {
  const found = parser.parse(text).osis_and_indices();
  const passages: Passage[] = [];
  const unrecognised: string[] = [];
  let cursor = 0;
  for (const entity of found) {
    const [start, end] = entity.indices;
    const gap = text
      .slice(cursor, start)
      .replace(/^[\s,;.&]+|[\s,;.&]+$/g, '')
      .replace(/^and$/i, '');
    if (gap) unrecognised.push(gap);
    passages.push(...entity.osis.split(',').map(passageOf));
    cursor = end;
  }
  const rest = text.slice(cursor).replace(/^[\s,;.&]+|[\s,;.&]+$/g, '');
  if (rest) unrecognised.push(rest);
  const seen = new Set<string>();
  return { passages: passages.filter((p) => !seen.has(p.label) && seen.add(p.label)), unrecognised };
}

/** An OSIS code or an English book name ("1 Corinthians", "1cor", "Jn") as its OSIS code, or null. */
export function bookOf(value: string): string | null {
  const text = value.trim();
  const exact = BIBLE_BOOKS.find((b) => b.osis.toLowerCase() === text.toLowerCase() || b.name.toLowerCase() === text.toLowerCase());
  if (exact) return exact.osis;
  const [first] = parser.parse(`${text} 1`).osis_and_indices();
  return first && first.indices[0] === 0 ? pointOf(first.osis.split(/[-,]/)[0]).book : null;
}
