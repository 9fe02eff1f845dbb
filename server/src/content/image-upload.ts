import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Upload } from '../media/index.js';

/** A row with an `image` URL; `upload` is that image's record when the read joined it, undefined when not. */
export type WithImage = { image: string | null; upload?: Upload | null };

/**
 * Brings each row's upload (variants and size) in the read's own SQL query, mapped to `upload` (null when the
 * image is not one of our uploads; uploads.url is unique), so the image fields cost no query of their own,
 * whatever images the rows share.
 */
export function joinImageUpload<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const alias = query.alias;
  return query.leftJoinAndMapOne(`${alias}.upload`, Upload, `${alias}_upload`, `${alias}_upload.url = ${alias}.image`);
}
