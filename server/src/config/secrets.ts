import { dictionary } from '@zxcvbn-ts/language-common';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_ADMIN_PASSWORD = 'change-me-now';

/**
 * Values that were ever published with the project (compose defaults, README and `.env` examples): anyone can
 * read them, so production refuses them whatever their length.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  DEFAULT_ADMIN_PASSWORD,
  'change-this-to-a-long-random-secret-of-48-chars',
];

/** A JWT secret must carry at least 32 bytes of entropy (HS256's key size). */
export const MIN_SECRET_BITS = 256;

const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/**
 * An estimate of a secret's entropy in bits: its length times the bits of the alphabet it draws from. A string
 * whose characters barely vary (`aaaa…`, `abab…`) counts only its Shannon spread, however long it is.
 */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  if (chars.length === 0) return 0;
  const classes: [RegExp, number][] = [
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/[0-9]/, 10],
    [/[^a-zA-Z0-9]/, 33],
  ];
  const alphabet = classes.reduce((size, [pattern, count]) => size + (pattern.test(secret) ? count : 0), 0);
  const frequency = new Map<string, number>();
  for (const char of chars) frequency.set(char, (frequency.get(char) ?? 0) + 1);
  const shannon = [...frequency.values()].reduce((bits, count) => bits - (count / chars.length) * Math.log2(count / chars.length), 0);
  // Random hex already spreads over 3.7 bits a character; anything under 3 is a pattern, not randomness.
  const perChar = shannon >= 3 ? Math.log2(alphabet) : shannon;
  return Math.floor(chars.length * perChar);
}

export const isPublishedSecret = (value: string) => PUBLISHED_SECRETS.includes(value);

/** On the common-passwords list (zxcvbn-ts's), ignoring case and trailing digits people add to pass rules. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/\d+$/, ''));
}

/** A secret from the environment, or one generated on first start and kept in DATA_DIR (mode 600). */
export function secretFromEnvOrFile(given: string | undefined, dataDir: string, fileName: string): { value: string; generated: boolean } {
  if (given !== undefined && given !== '') return { value: given, generated: false };
  const file = join(dataDir, fileName);
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), generated: true };
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return { value: secret, generated: true };
}
