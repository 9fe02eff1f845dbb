import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';
import { IDEMPOTENCY_KEY_HOURS } from './idempotency.js';
import { PUBLIC_KINDS } from './request-kinds.js';

/** Said in a member's own export while their address is unconfirmed: the forms are theirs to have, once it is shown they are theirs. */
export const FORMS_LEFT_OUT =
  'Forms sent with your e-mail address (contact, questions, counselling, baptism) are not included until you confirm your e-mail address, because anyone can type an address into a form. Confirm it from your member area, or ask us for them as a subject access request.';

/** What a form's sender may have written, blanked where a form has it when its request is anonymised. */
const SENDER_COLUMNS = ['name', 'email', 'phone', 'message', 'question', 'description'];

/**
 * Staff's notes on the timeline of the request of kind `kind` and id `id` (SQL expressions): an opinion about the
 * sender is the sender's personal data (the ICO), so their copy has it; who wrote it does not go with it.
 */
const staffNotes = (kind: string, id: string) =>
  `coalesce((SELECT json_agg(json_build_object('body', n.body, 'at', n.created_at) ORDER BY n.created_at, n.id)
               FROM care_events n WHERE n.kind = ${kind} AND n.request_id = ${id} AND n.type = 'Note' AND n.body IS NOT NULL), '[]')`;

interface Form {
  table: string;
  /** The care inbox's kind, under which its timeline (care_events, deleted with it by a trigger) is kept. */
  careKind: string;
  /** As the export names it: "Counselling request". */
  label: string;
  senderColumns: string[];
}

/**
 * Prayer requests (by account) and the forms anyone may send (by an address proved to be the person's), with
 * their care timelines. Every public request kind is covered as it is added to `PUBLIC_KINDS`.
 */
@PersonalDataSource()
@Injectable()
export class RequestsPersonalData implements PersonalDataContribution {
  readonly tables: string[];
  private readonly forms: Form[];

  constructor(
    dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.forms = PUBLIC_KINDS.map((kind) => {
      const metadata = dataSource.getMetadata(kind.entity);
      const columns = new Set(metadata.columns.map((column) => column.databaseName));
      return {
        table: metadata.tableName,
        careKind: kind.name,
        label: kind.label.charAt(0).toUpperCase() + kind.label.slice(1),
        senderColumns: SENDER_COLUMNS.filter((column) => columns.has(column)),
      };
    });
    this.tables = [...this.forms.map((form) => form.table), 'prayer_requests', 'prayer_prayers', 'care_events', 'idempotency_keys'];
  }

  uses() {
    return [
      {
        record: 'Prayer requests, contact enquiries, questions, counselling and baptism requests',
        purposes: ['to pray for you and answer you, as you asked', 'to look after your request: our pastors keep notes of what was said and done'],
        recipients: [
          'Our prayer team, or visitors to the prayer wall under the name you chose, only when you shared a prayer request with them',
          'Our e-mail provider, which delivers our replies',
        ],
      },
    ];
  }

  async export({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    const prayerRequests =
      userId === null
        ? []
        : await manager.query<Record<string, unknown>[]>(
            `SELECT p.id, p.title, p.body, p.status, p.privacy, p.wall_name AS "wallName", p.wall_status AS "wallStatus", p.prayed_count AS "prayedCount",
                    p.created_at AS "createdAt", p.expires_at AS "expiresAt", p.closed_at AS "closedAt",
                    coalesce((SELECT json_agg(json_build_object('body', e.body, 'sentAt', e.created_at) ORDER BY e.created_at)
                                FROM care_events e WHERE e.kind = 'PrayerRequest' AND e.request_id = p.id AND e.type = 'Reply'), '[]') AS replies,
                    p.note, ${staffNotes(`'PrayerRequest'`, 'p.id')} AS notes
               FROM prayer_requests p WHERE p.user_id = $1 ORDER BY p.created_at, p.id`,
            [userId],
          );
    const formsSent: Record<string, unknown>[] = [];
    for (const { table, careKind, label } of provenEmail === null ? [] : this.forms) {
      // With the correspondence: the replies e-mailed to the sender and the answers they gave, in order.
      const rows = await manager.query<Record<string, unknown>[]>(
        `SELECT f.*, coalesce((SELECT json_agg(json_build_object('type', e.type, 'body', e.body, 'at', e.created_at) ORDER BY e.created_at, e.id)
                                 FROM care_events e WHERE e.kind = $2 AND e.request_id = f.id AND e.type IN ('Reply', 'RequesterAnswer') AND e.body IS NOT NULL), '[]') AS correspondence,
                ${staffNotes('$2', 'f.id')} AS notes
           FROM ${table} f WHERE lower(f.email) = lower($1) ORDER BY f.created_at, f.id`,
        [provenEmail, careKind],
      );
      // Which staff member looks after it is that staff member's data, not the sender's (DPA 2018 Sch. 2 Part 3 para 16).
      formsSent.push(...rows.map(({ assignee_id: _assignee, ...row }) => ({ form: label, ...row })));
    }
    const formsSentLeftOut = userId !== null && provenEmail === null ? FORMS_LEFT_OUT : null;
    return { prayerRequests, formsSent, formsSentLeftOut };
  }

  /** Prayer requests go with their replies, notes and prayers; forms go only when sent with an address proved theirs. */
  async erase({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    if (userId !== null) await manager.query(`DELETE FROM prayer_requests WHERE user_id = $1`, [userId]);
    if (provenEmail === null) return;
    let removed = 0;
    for (const { table } of this.forms) {
      const [, deleted] = await manager.query<[unknown, number]>(`DELETE FROM ${table} WHERE lower(email) = lower($1)`, [provenEmail.trim()]);
      removed += deleted;
    }
    return { removed };
  }

  retention() {
    const { closedRequestsMonths, prayerRequestsMonths } = this.config.retention;
    return {
      rank: 10,
      rules: [
        { record: 'Contact enquiries, questions, counselling and baptism requests', period: `${closedRequestsMonths} months after they are closed`, action: 'Anonymised: name, contact details and message removed' },
        { record: 'Prayer requests', period: `${prayerRequestsMonths} months after they are closed or stop being shared`, action: 'Deleted, with their replies and notes' },
        { record: 'Repeat-submission (idempotency) keys that stop a form being stored twice', period: `${IDEMPOTENCY_KEY_HOURS} hours`, action: 'Deleted' },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const { closedRequestsMonths, prayerRequestsMonths } = this.config.retention;
    const done: string[] = [];
    for (const { table, careKind, senderColumns } of this.forms) {
      const [rows] = await manager.query<[{ id: number }[]]>(
        `UPDATE ${table} SET ${senderColumns.map((column) => `${column} = ''`).join(', ')}, note = NULL, anonymised_at = $1
          WHERE status = 'Closed' AND anonymised_at IS NULL AND closed_at < $1::timestamptz - make_interval(months => $2) RETURNING id`,
        [now, closedRequestsMonths],
      );
      if (!rows.length) continue;
      await manager.query(`UPDATE care_events SET body = NULL WHERE kind = $1 AND request_id = ANY($2::int[])`, [careKind, rows.map((row) => row.id)]);
      done.push(`${rows.length} ${table.replace(/_/g, ' ')} anonymised`);
    }
    const [, prayers] = await manager.query<[unknown, number]>(`DELETE FROM prayer_requests WHERE coalesce(closed_at, expires_at) < $1::timestamptz - make_interval(months => $2)`, [
      now,
      prayerRequestsMonths,
    ]);
    if (prayers) done.push(`${prayers} prayer requests deleted`);
    const [, keys] = await manager.query<[unknown, number]>(`DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz - make_interval(hours => $2)`, [now, IDEMPOTENCY_KEY_HOURS]);
    if (keys) done.push(`${keys} idempotency keys forgotten`);
    return { done };
  }
}
