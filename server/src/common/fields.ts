import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Validation rules for one field, shared by GraphQL arguments and legacy REST bodies so the two paths cannot
 * drift. GraphQL arguments add their own `@Field()`; the rule and its messages are written only here. Each
 * rule lists its checks in the order class-validator runs them, so the first problem found is the message.
 */

/** A record id as written: digits only, no sign, no leading zero, so one record has one spelling. */
export const RECORD_ID = /^[1-9]\d{0,14}$/;
/** The largest id PostgreSQL's `serial` columns hold: a larger one names no record, and asking for it must not reach the database. */
export const MAX_RECORD_ID = 2_147_483_647;

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * Line breaks of every kind (CR and LF alone or together, vertical tab, form feed, NEL, U+2028, U+2029) and the
 * other control characters (Unicode's Cc, Zl and Zp); a tab is allowed.
 */
const NOT_ONE_LINE = /(?!\t)[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Text that is one line: a name, title or place. A line break in one would start a line of its own where it is
 * written out (an iCalendar property, an e-mail header, a CSV row), so it is refused on write, naming the field.
 * Leaves other types to the field's own checks.
 */
export const SingleLine = (options: Pick<ValidationOptions, 'each'> = {}) =>
  ValidateBy(
    { name: 'singleLine', validator: { validate: (value: unknown) => typeof value !== 'string' || !NOT_ONE_LINE.test(value) } },
    { ...options, message: '$property must be one line, without line breaks or control characters' },
  );

/** Text that must be there, trimmed, at most `max` characters. */
export const RequiredText = (field: string, max: number, options: { trim?: boolean } = {}) =>
  applyDecorators(
    ...(options.trim === false ? [] : [Transform(trim)]),
    IsNotEmpty({ message: `${field} is required` }),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    IsString({ message: `${field} is required` }),
  );

/** Text that may be left out; `notEmpty` refuses an empty string when it is sent (a change that would blank it). */
export const OptionalText = (field: string, max: number, options: { notEmpty?: boolean; trim?: boolean } = {}) =>
  applyDecorators(
    IsOptional(),
    ...(options.trim === false ? [] : [Transform(trim)]),
    ...(options.notEmpty ? [IsNotEmpty({ message: `${field} cannot be empty` })] : []),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    IsString({ message: `${field} must be text` }),
  );

/** The URL of an earlier upload (that it is one of ours is checked by the service). */
export const ImageUrl = () => OptionalText('image', 500);

export const POSITION_MAX = 10_000;

/** A place in a list, smallest first; form text is converted. */
export const Position = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'position must be a whole number' }),
    Min(0, { message: 'position must be 0 or more' }),
    Max(POSITION_MAX, { message: `position must be at most ${POSITION_MAX}` }),
  );

/** A calendar day as YYYY-MM-DD that exists (no 31 April); `""` or null clears it where the field allows. */
export const OptionalDay = (field: string) =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    ValidateBy(
      {
        name: 'calendarDay',
        validator: {
          validate: (value: unknown) => {
            if (value === '') return true;
            if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
            return new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
          },
        },
      },
      { message: `${field} must be a day as YYYY-MM-DD, e.g. 2026-04-05` },
    ),
  );
