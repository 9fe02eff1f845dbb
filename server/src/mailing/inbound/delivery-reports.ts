import { simpleParser, type Attachment } from 'mailparser';

/** What a mail server told us about one message we sent: it will never arrive, it is late, or the person called it spam. */
export interface DeliveryReport {
  /** The return-path token of our recipient row (`bounces+<token>@`), not yet checked. */
  token: string;
  kind: 'Bounce' | 'Deferral' | 'Complaint';
  /** The enhanced status code (`5.1.1`), or the feedback type of a complaint (`abuse`). */
  status: string;
  detail: string;
}

/** A report or an unsubscribe request is a few kilobytes; a returned original rarely more than a newsletter. */
export const INBOUND_MESSAGE_LIMIT = 1024 * 1024;

const RETURN_ADDRESS = /(?:^|[\s<:;,])bounces\+([a-z0-9-]{1,120})@/i;
const DELIVERY_STATUS = ['message/delivery-status', 'message/global-delivery-status'];
const RETURNED_ORIGINAL = ['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers'];
const REPORT_ADDRESSES = new Set(['to', 'delivered-to', 'x-original-to', 'envelope-to']);

/** The token of a `bounces+<token>@…` address, wherever it appears in `text`. */
export const returnToken = (text: string | undefined): string | undefined => (text ? RETURN_ADDRESS.exec(text)?.[1].toLowerCase() : undefined);

/**
 * The groups of `Name: value` fields of a delivery-status or feedback-report part (RFC 3464, RFC 5965), separated
 * by blank lines; a folded line continues the field above it. Names are lower-cased.
 */
export function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let group = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) {
      if (group.size) groups.push(group);
      group = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last) {
      group.set(last, `${group.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      group.set(last, line.slice(colon + 1).trim());
    }
  }
  if (group.size) groups.push(group);
  return groups;
}

/** The headers of a returned original, which is all that some servers send back. */
const headersOf = (part: Attachment) => part.content.toString('utf8').split(/\r?\n\r?\n/, 1)[0];

/** `smtp; 550 5.1.1 …` → `550 5.1.1 …`: the type before the semicolon says nothing to a person. */
const withoutType = (value: string | undefined) => (value ?? '').replace(/^[a-z-]+;\s*/i, '');

/** One report per recipient the DSN says failed or is delayed; delivered, relayed and expanded ones say nothing we need. */
function deliveryReports(token: string, part: Attachment): DeliveryReport[] {
  const [, ...recipients] = fieldGroups(part.content.toString('utf8'));
  return recipients.flatMap((fields): DeliveryReport[] => {
    const action = fields.get('action')?.toLowerCase();
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? '';
    const detail = withoutType(fields.get('diagnostic-code')).slice(0, 400);
    if (status.startsWith('5') && action !== 'delayed') return [{ token, kind: 'Bounce', status, detail }];
    if (status.startsWith('4') || action === 'delayed') return [{ token, kind: 'Deferral', status: status || '4.0.0', detail }];
    return [];
  });
}

/** An abuse report (ARF); other feedback types (`not-spam`, `virus`, …) are not a person asking us to stop. */
function complaint(token: string, part: Attachment): DeliveryReport[] {
  const fields = new Map(fieldGroups(part.content.toString('utf8')).flatMap((group) => [...group]));
  const type = fields.get('feedback-type')?.toLowerCase();
  if (type !== 'abuse') return [];
  const reporter = fields.get('user-agent');
  return [{ token, kind: 'Complaint', status: type, detail: reporter ? `Reported as spam through ${reporter}` : 'Reported as spam' }];
}

/**
 * Reads the reports in an inbound message: delivery status notifications (RFC 3464) and complaints (ARF, RFC 5965).
 * The recipient row is named by our return-path token, found in the SMTP envelope's recipient when known, else in
 * the report's own addressing, else in the returned original's `Return-Path` (or an ARF's `Original-Mail-From`).
 * Anything else (an auto-reply, a report about mail that is not ours) answers none.
 */
export async function readDeliveryReports(raw: Buffer, envelopeRecipient?: string): Promise<DeliveryReport[]> {
  const message = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const contentType = message.headerLines.find((h) => h.key === 'content-type')?.line ?? '';
  const reportType = /report-type\s*=\s*"?([a-z-]+)/i.exec(contentType)?.[1].toLowerCase();
  const partOf = (types: string[]) => message.attachments.find((a) => types.includes(a.contentType.toLowerCase()));
  const original = partOf(RETURNED_ORIGINAL);
  const feedback = partOf(['message/feedback-report']);
  const token =
    returnToken(envelopeRecipient) ??
    message.headerLines.filter((h) => REPORT_ADDRESSES.has(h.key)).map((h) => returnToken(h.line)).find(Boolean) ??
    (feedback && returnToken(fieldGroups(feedback.content.toString('utf8'))[0]?.get('original-mail-from'))) ??
    (original && returnToken(/^return-path:(.*)$/im.exec(headersOf(original))?.[1]));
  if (!token) return [];
  const status = partOf(DELIVERY_STATUS);
  if (reportType === 'delivery-status' && status) return deliveryReports(token, status);
  if (reportType === 'feedback-report' && feedback) return complaint(token, feedback);
  return [];
}
