import { createHash, randomBytes } from 'node:crypto';

/** What is kept of a link's token: its SHA-256, so a database leak reveals no usable link. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A random token for a link sent by e-mail (password reset, address confirmation), and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}
