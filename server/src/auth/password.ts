import { hash, verify } from '@node-rs/argon2';

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
