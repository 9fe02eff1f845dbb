import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';

/** Letters and digits nobody misreads at a door: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `BK-` and eight characters: about 8.5 × 10¹¹ references, unguessable enough that a reference alone admits nobody online. */
export const newReference = () => `BK-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/** A reference as typed at the door: any case, spaces and dashes anywhere, with or without `BK`. */
export function normaliseReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const body = compact.startsWith('BK') ? compact.slice(2) : compact;
  return /^[A-Z0-9]{8}$/.test(body) ? `BK-${body}` : null;
}

const TICKET = /^T1\.(BK-[A-Z0-9]{8})\.([A-Za-z0-9_-]{22})$/;

const signatureOf = (secret: string, reference: string) => createHmac('sha256', secret).update(`ticket:${reference}`).digest('base64url').slice(0, 22);

/** What the QR code holds: the reference and a signature, so a ticket cannot be made up from a guessed reference. */
export const signTicket = (secret: string, reference: string) => `T1.${reference}.${signatureOf(secret, reference)}`;

/** The reference a scanned ticket names; null for text that is not a ticket; throws for a forged one. */
export function ticketReference(secret: string, scanned: string): { reference: string } | { forged: true } | null {
  const match = TICKET.exec(scanned.trim());
  if (!match) return null;
  const [, reference, signature] = match;
  const expected = Buffer.from(signatureOf(secret, reference));
  return timingSafeEqual(expected, Buffer.from(signature)) ? { reference } : { forged: true };
}

/** The ticket's QR code as an SVG `data:` URL, for pages. */
export async function ticketQrDataUrl(ticket: string): Promise<string> {
  const svg = await QRCode.toString(ticket, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
