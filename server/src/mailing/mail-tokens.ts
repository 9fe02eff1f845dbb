import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed tokens for the links and return addresses of list mail: a recipient's return path (VERP), an unsubscribe
 * link (list and person), a sign-up's confirmation (its ledger entry). Lower-case letters, digits and dashes only,
 * so a mail server that lower-cases the local part of `bounces+<token>@…` keeps it intact. Stateless: an
 * unsubscribe link works for as long as the list and the person exist.
 */
export type MailTokenPurpose = 'return-path' | 'unsubscribe' | 'confirm';

const signatureOf = (secret: string, purpose: MailTokenPurpose, value: string) =>
  createHmac('sha256', secret).update(`mail:${purpose}:${value}`).digest('hex').slice(0, 24);

/** `value` is whole numbers joined by dashes (`12`, `3-45`). */
export const signMailToken = (secret: string, purpose: MailTokenPurpose, value: string) => `${value}-${signatureOf(secret, purpose, value)}`;

/** The numbers a token carries, or null for anything not signed by us for that purpose. */
export function readMailToken(secret: string, purpose: MailTokenPurpose, token: string): number[] | null {
  const match = /^(\d{1,15}(?:-\d{1,15})*)-([0-9a-f]{24})$/.exec(token.trim().toLowerCase());
  if (!match) return null;
  const [, value, signature] = match;
  const ok = timingSafeEqual(Buffer.from(signatureOf(secret, purpose, value)), Buffer.from(signature));
  return ok ? value.split('-').map(Number) : null;
}
