import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error.js';
import { requestOf } from '../common/request-of.js';
import type { Submission } from './dto/public-request.args.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long a key is remembered at least: the daily retention run forgets keys older than this. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * A UUID, a ULID or any random token: long enough not to be guessed, and nothing that could carry an address or
 * markup. A structured-field string (`"…"`, as the IETF draft writes the header) is taken without its quotes.
 */
const KEY_FORMAT = /^(?:"([A-Za-z0-9_.:-]{16,128})"|([A-Za-z0-9_.:-]{16,128}))$/;

/** The key as given, or undefined when none was; a malformed key is refused (400) naming the header. */
export function parseIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  const match = typeof raw === 'string' ? KEY_FORMAT.exec(raw) : null;
  if (!match) throw AppError.badInput(IDEMPOTENCY_KEY_HEADER, `${IDEMPOTENCY_KEY_HEADER} must be 16 to 128 letters, digits or . _ : -, such as a UUID`);
  return match[1] ?? match[2];
}

/**
 * The `Idempotency-Key` of a public form: the request's header, or, when a page's action runs the mutation
 * in-process (web/app's forms), the key of the form's hidden field that the action hands over in the context.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const handedOver = context.getType<string>() === 'graphql' ? GqlExecutionContext.create(context).getContext<{ idempotencyKey?: string }>().idempotencyKey : undefined;
  return parseIdempotencyKey(handedOver ?? requestOf(context).headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
});

const sha256 = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex');

/** A submission's fields in one canonical text: the same form sent twice reads the same, whatever the key order. */
const canonical = (fields: object) =>
  JSON.stringify(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** A claimed key: either the earlier answer to repeat, or the submission to store and `settle` the key with. */
export type KeyClaim = { replay: Submission } | { replay?: undefined; settle(record: Submission): Promise<void> };

/**
 * Claims `key` for one submission of a form, inside the transaction that stores it. A primary key decides, not
 * a read: a second submission under the same key waits for the first to commit and then repeats its answer
 * (or claims the key when the first rolled back). The same key with other fields is refused (422), as the IETF
 * draft on the Idempotency-Key header asks: the client has mixed up two submissions, and storing either would be
 * a guess. Only hashes are kept; the payload's is salted with the key, so it cannot be matched against guesses.
 */
export async function claimIdempotencyKey(transaction: EntityManager, kind: string, key: string, fields: object): Promise<KeyClaim> {
  const keyHash = sha256(key);
  const payloadHash = sha256(key, canonical(fields));
  const claimed: unknown[] = await transaction.query(
    `INSERT INTO idempotency_keys (kind, key_hash, payload_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING kind`,
    [kind, keyHash, payloadHash],
  );
  if (claimed.length) {
    return {
      settle: async (record) => {
        await transaction.query(`UPDATE idempotency_keys SET record_id = $3, created_at = $4 WHERE kind = $1 AND key_hash = $2`, [kind, keyHash, record.id, record.createdAt]);
      },
    };
  }
  const [earlier] = await transaction.query<{ payload_hash: string; record_id: number; created_at: Date }[]>(
    `SELECT payload_hash, record_id, created_at FROM idempotency_keys WHERE kind = $1 AND key_hash = $2`,
    [kind, keyHash],
  );
  // Gone between the two statements: the retention run forgot it that very moment.
  if (!earlier) throw new AppError('CONFLICT', 'This form was being sent at the same moment. Please send it again.', IDEMPOTENCY_KEY_HEADER);
  if (earlier.payload_hash !== payloadHash) {
    throw new AppError('UNPROCESSABLE', 'This form was already sent with other details under the same key. Reload the page to send another.', IDEMPOTENCY_KEY_HEADER);
  }
  return { replay: { id: earlier.record_id, createdAt: earlier.created_at } };
}
