import type { EntityManager } from 'typeorm';

/** Everything held about one person, as their export answers it. */
export interface PersonalData {
  exportedAt: string;
  profile: Record<string, unknown> | null;
  prayerRequests: Record<string, unknown>[];
  testimonies: Record<string, unknown>[];
  donations: Record<string, unknown>[];
  bookOrders: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  giftAidDeclarations: Record<string, unknown>[];
  signIns: Record<string, unknown>[];
  formsSent: Record<string, unknown>[];
  /** Why `formsSent` may be incomplete (the address is not proved yet) and how to have them; null when nothing is left out. */
  formsSentLeftOut: string | null;
}

/** Said in a member's own export while their address is unconfirmed: the forms are theirs to have, once it is shown they are theirs. */
export const FORMS_LEFT_OUT =
  'Forms sent with your e-mail address (contact, questions, counselling, baptism) are not included until you confirm your e-mail address, because anyone can type an address into a form. Confirm it from your member area, or ask us for them as a subject access request.';

/** The forms anyone may send, by table: what a visitor's export holds and their erasure removes. */
export const FORM_TABLES = {
  contact_enquiries: 'Contact enquiry',
  questions: 'Question',
  counselling_requests: 'Counselling request',
  baptism_requests: 'Baptism request',
} as const;

/** The care inbox's kind of each form, under which its timeline (care_events) is kept. */
const CARE_KIND_OF: Record<keyof typeof FORM_TABLES, string> = {
  contact_enquiries: 'ContactEnquiry',
  questions: 'Question',
  counselling_requests: 'CounsellingRequest',
  baptism_requests: 'BaptismRequest',
};

/**
 * The address whose forms belong with an account: its own, once verified. Anyone can type any address into a
 * form, so until the owner proves the address is theirs, its forms are neither exported nor erased with the account.
 */
export async function verifiedEmailOf(manager: EntityManager, userId: number): Promise<string | null> {
  const [user] = await manager.query<{ email: string; email_verified: boolean }[]>('SELECT email, email_verified FROM users WHERE id = $1', [userId]);
  return user?.email_verified ? user.email : null;
}

/**
 * Reads one person's records straight from the tables, each kind in one query, with the column names of the
 * export. Never another person's: every query is keyed by their account id or by `formsEmail`, an address they
 * proved (`verifiedEmailOf`) or staff checked (a subject access request); null leaves the forms out.
 */
export async function readPersonalData(manager: EntityManager, userId: number | null, formsEmail: string | null): Promise<PersonalData> {
  const byUser = async (sql: string) => (userId === null ? [] : await manager.query<Record<string, unknown>[]>(sql, [userId]));
  const [profile] = await byUser(
    `SELECT id, title, firstname, lastname, gender, marital_status AS "maritalStatus", phone, email, email_verified AS "emailVerified",
            email_verified_at AS "emailVerifiedAt", pending_email AS "pendingEmail", country, state, city, address, role, created_at AS "createdAt", last_sign_in_at AS "lastSignInAt" FROM users WHERE id = $1`,
  );
  const prayerRequests = await byUser(
    `SELECT p.id, p.title, p.body, p.status, p.privacy, p.wall_name AS "wallName", p.wall_status AS "wallStatus", p.prayed_count AS "prayedCount",
            p.created_at AS "createdAt", p.expires_at AS "expiresAt", p.closed_at AS "closedAt",
            coalesce((SELECT json_agg(json_build_object('body', e.body, 'sentAt', e.created_at) ORDER BY e.created_at)
                        FROM care_events e WHERE e.kind = 'PrayerRequest' AND e.request_id = p.id AND e.type = 'Reply'), '[]') AS replies
       FROM prayer_requests p WHERE p.user_id = $1 ORDER BY p.created_at, p.id`,
  );
  const testimonies = await byUser(
    `SELECT id, name AS title, body, status, display_name AS "displayName", created_at AS "createdAt" FROM posts WHERE author_id = $1 AND category_id = 2 ORDER BY created_at, id`,
  );
  const donations = await byUser(
    `SELECT d.id, (d.amount_minor / 100.0)::float8 AS amount, d.currency, d.description, d.status, d.created_at AS "createdAt", d.paid_at AS "paidAt",
            d.refunded_at AS "refundedAt", (d.refunded_amount_minor / 100.0)::float8 AS "refundedAmount",
            coalesce((SELECT json_agg(json_build_object('kind', r.kind, 'amount', (r.amount_minor / 100.0)::float8, 'refundedAt', r.refunded_at) ORDER BY r.refunded_at, r.id)
                        FROM donation_refunds r WHERE r.donation_id = d.id), '[]') AS refunds
       FROM donations d WHERE d.user_id = $1 ORDER BY d.created_at, d.id`,
  );
  const bookOrders = await byUser(
    `SELECT id, items, (amount_minor / 100.0)::float8 AS amount, currency, status, delivery_address AS "deliveryAddress", created_at AS "createdAt",
            paid_at AS "paidAt", shipped_at AS "shippedAt", refunded_at AS "refundedAt"
       FROM book_orders WHERE user_id = $1 ORDER BY created_at, id`,
  );
  const consents = await byUser(
    `SELECT id, kind, post_id AS "postId", display_name AS "displayName", text_version AS "textVersion", text, given_at AS "givenAt", withdrawn_at AS "withdrawnAt"
       FROM consents WHERE user_id = $1 ORDER BY given_at, id`,
  );
  const giftAidDeclarations = await byUser(
    `SELECT id, version, scope, title, first_name AS "firstName", last_name AS "lastName", house_name_or_number AS "houseNameOrNumber", postcode,
            lives_abroad AS "livesAbroad", wording_version AS "wordingVersion", wording, effective_from AS "effectiveFrom", created_at AS "createdAt",
            source, to_char(declared_on, 'YYYY-MM-DD') AS "declaredOn", confirmation_sent_at AS "confirmationSentAt",
            cancelled_at AS "cancelledAt", cancellation_method AS "cancellationMethod" FROM gift_aid_declarations WHERE user_id = $1 ORDER BY created_at, id`,
  );
  const signIns = await byUser(`SELECT at, address FROM sign_ins WHERE user_id = $1 ORDER BY at DESC, id DESC`);
  const formsSent: Record<string, unknown>[] = [];
  for (const [table, form] of formsEmail === null ? [] : Object.entries(FORM_TABLES)) {
    // With the correspondence: the replies e-mailed to the sender and the answers they gave, in order.
    const rows = await manager.query<Record<string, unknown>[]>(
      `SELECT f.*, coalesce((SELECT json_agg(json_build_object('type', e.type, 'body', e.body, 'at', e.created_at) ORDER BY e.created_at, e.id)
                               FROM care_events e WHERE e.kind = $2 AND e.request_id = f.id AND e.type IN ('Reply', 'RequesterAnswer') AND e.body IS NOT NULL), '[]') AS correspondence
         FROM ${table} f WHERE lower(f.email) = lower($1) ORDER BY f.created_at, f.id`,
      [formsEmail, CARE_KIND_OF[table as keyof typeof FORM_TABLES]],
    );
    // Staff's own working notes and assignment are theirs, not the sender's words: the sender gets what they sent.
    formsSent.push(...rows.map(({ note: _note, assignee_id: _assignee, ...row }) => ({ form, ...row })));
  }
  const formsSentLeftOut = userId !== null && formsEmail === null ? FORMS_LEFT_OUT : null;
  return { exportedAt: new Date().toISOString(), profile: profile ?? null, prayerRequests, testimonies, donations, bookOrders, consents, giftAidDeclarations, signIns, formsSent, formsSentLeftOut };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
};

const SECTIONS: [keyof PersonalData, string][] = [
  ['prayerRequests', 'Prayer requests and the replies sent to you'],
  ['testimonies', 'Testimonies'],
  ['donations', 'Donations'],
  ['bookOrders', 'Book orders'],
  ['consents', 'Consents'],
  ['giftAidDeclarations', 'Gift Aid declarations'],
  ['signIns', 'Sign-ins'],
  ['formsSent', 'Forms sent with your e-mail address'],
];

/** The same data as a page people can read (and print): one table per kind of record. */
export function personalDataPage(data: PersonalData, organisation: string): string {
  const table = (rows: Record<string, unknown>[]) => {
    if (!rows.length) return '<p>None.</p>';
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    return `<table><thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  };
  const profile = data.profile ? `<dl>${Object.entries(data.profile).map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${cell(value)}</dd>`).join('')}</dl>` : '<p>No account.</p>';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Your data held by ${escapeHtml(organisation)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;margin-bottom:2rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}dt{font-weight:bold}</style>
</head><body><h1>Your data held by ${escapeHtml(organisation)}</h1><p>Exported ${escapeHtml(data.exportedAt)}.</p>
<h2>Your profile</h2>${profile}
${SECTIONS.map(([key, title]) => `<h2>${escapeHtml(title)}</h2>${key === 'formsSent' && data.formsSentLeftOut ? `<p>${escapeHtml(data.formsSentLeftOut)}</p>` : ''}${table(data[key] as Record<string, unknown>[])}`).join('\n')}
</body></html>`;
}
