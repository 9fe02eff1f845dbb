import type { EntityManager } from 'typeorm';
import { slugify } from '../rich-text.js';

/** Serialises slug choice, so two posts with one title get distinct slugs without a unique-key failure. */
const SLUG_LOCK = 724_312;

/** Tables whose rows have a unique slug made from their name. */
type SlugTable = 'posts' | 'sermon_series' | 'speakers';

/** The slug for a new row named `name` (and `tail`), numbered past the ones taken, under a lock in `manager`'s transaction. */
export async function uniqueSlug(manager: EntityManager, name: string, tail = '', table: SlugTable = 'posts'): Promise<string> {
  await manager.query('SELECT pg_advisory_xact_lock($1)', [SLUG_LOCK]);
  const base = `${slugify(name)}${tail}`;
  const taken = new Set<string>(
    (await manager.query(`SELECT slug FROM ${table} WHERE slug = $1 OR slug LIKE $2`, [base, `${base.replace(/[\\%_]/g, '\\$&')}-%`])).map(
      (row: { slug: string }) => row.slug,
    ),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}
