import { hash, verify } from '@node-rs/argon2';
import type { RateLimitService } from '../common/rate-limit.js';
import { AppError } from '../common/app-error.js';

/** argon2id with OWASP's second recommended setting (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum isolated modules cannot read) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Verified against when no account matches, so a wrong e-mail costs as long as a wrong password. */
export const DUMMY_HASH = await hashPassword('not-a-real-password-for-timing');

/** Passwords a signed-in person may give again (to change it, or to erase the account): as many as sign-in allows. */
export const PASSWORD_RECHECKS = { limit: 10, windowSeconds: 15 * 60 };

/**
 * Checks the password a signed-in person gives again, as sign-in does: the attempt is counted before the check
 * (so parallel guesses cannot slip past the limit), and past the limit it is refused with 429 unchecked, so a
 * stolen session cannot be used to guess the password. A right password is not a guess and is taken back.
 */
export async function recheckPassword(limits: RateLimitService, userId: number, passwordHash: string | undefined, password: string): Promise<boolean> {
  const key = `password-recheck:${userId}`;
  if ((await limits.hit(key, PASSWORD_RECHECKS.windowSeconds)) > PASSWORD_RECHECKS.limit) throw AppError.tooManyRequests();
  const valid = passwordHash !== undefined && (await verifyPassword(passwordHash, password));
  if (valid) await limits.release([key]);
  return valid;
}
