import type { AudienceKind, ConsentAction, ConsentBasis, ConsentSource, RecipientStatus, Role } from '@ministry/shared';
import type { Transport } from '../data/transport';

/** A list as the choosers show it. */
export type MailingListChoice = { id: string; name: string; public: boolean; basis: ConsentBasis };

/** Who a broadcast goes to, as `BroadcastAudienceInput` names it. */
export type AudienceInput = { kind: AudienceKind; listId?: string; postId?: string; occurrenceStart?: string; from?: string; to?: string; role?: Role };

export type BroadcastPreview = { html: string; text: string };

export type Recipient = { id: string; email: string; status: RecipientStatus; attempts: number; lastReply: string | null; sentAt: string | null; updatedAt: string };

export type ConsentEvent = { id: string; listId: string; listName: string; action: ConsentAction; basis: ConsentBasis; source: ConsentSource; wording: string; at: string; byStaff: boolean };

export type HealthCheck = { name: string; ok: boolean | null; found: string | null; advice: string };
export type SendingHealth = { domain: string; checked: boolean; checks: HealthCheck[] };

const LISTS = 'query MailingListChoices { allMailingLists(perPage: 500, sortField: "name", sortOrder: "ASC") { id name public basis } }';

const SIZE = 'query AudienceSize($audience: BroadcastAudienceInput) { audienceSize(audience: $audience) }';

const PREVIEW = `query PreviewBroadcast($subject: String!, $body: String!, $audience: BroadcastAudienceInput) {
  previewBroadcast(subject: $subject, body: $body, audience: $audience) { html text } }`;

const TEST_SEND = 'mutation TestSendBroadcast($id: ID!) { testSendBroadcast(id: $id) }';

const SEND = 'mutation SendBroadcast($id: ID!, $at: DateTime) { sendBroadcast(id: $id, at: $at) { id status scheduledAt } }';

const CANCEL = 'mutation CancelBroadcast($id: ID!) { cancelBroadcast(id: $id) { id status scheduledAt } }';

const RECIPIENTS = `query BroadcastRecipients($id: ID!, $page: Int, $perPage: Int, $status: RecipientStatus) {
  broadcastRecipients(id: $id, page: $page, perPage: $perPage, status: $status) { id email status attempts lastReply sentAt updatedAt }
  _broadcastRecipientsMeta(id: $id, status: $status) { count } }`;

const EVENT_FIELDS = 'id listId listName action basis source wording at byStaff';

const HISTORY = `query MailingConsentHistory($email: String!) { mailingConsentHistory(email: $email) { ${EVENT_FIELDS} } }`;

const RECORD = `mutation RecordMailingConsent($listId: ID!, $email: String!, $wording: String!) {
  recordMailingConsent(listId: $listId, email: $email, wording: $wording) { ${EVENT_FIELDS} } }`;

const WITHDRAW = `mutation WithdrawMailingConsent($listId: ID!, $email: String!) { withdrawMailingConsent(listId: $listId, email: $email) { ${EVENT_FIELDS} } }`;

const HEALTH = 'query SendingHealth { sendingHealth { domain checked checks { name ok found advice } } }';

/** The data provider's e-mail methods, beyond the lists' and broadcasts' own screens. */
export const mailingMethods = ({ call }: Transport) => ({
  /** Every list the signed-in person may see (staff with comms:send: all of them), by name. */
  async mailingListChoices(): Promise<MailingListChoice[]> {
    return (await call<{ allMailingLists: MailingListChoice[] }>(LISTS)).allMailingLists;
  },
  /** How many people an audience reaches now. */
  async audienceSize(audience: AudienceInput): Promise<number> {
    return (await call<{ audienceSize: number }>(SIZE, { audience })).audienceSize;
  },
  async previewBroadcast(subject: string, body: string, audience: AudienceInput): Promise<BroadcastPreview> {
    return (await call<{ previewBroadcast: BroadcastPreview }>(PREVIEW, { subject, body, audience })).previewBroadcast;
  },
  async testSendBroadcast(id: string): Promise<void> {
    await call(TEST_SEND, { id });
  },
  /** Now without `at`; else scheduled for then. */
  async sendBroadcast(id: string, at?: string): Promise<void> {
    await call(SEND, { id, at: at ?? null });
  },
  async cancelBroadcast(id: string): Promise<void> {
    await call(CANCEL, { id });
  },
  /** One page (0-based) of who an e-mail went to, and how many there are in all. */
  async broadcastRecipients(id: string, page: number, perPage: number, status?: RecipientStatus): Promise<{ rows: Recipient[]; total: number }> {
    const answer = await call<{ broadcastRecipients: Recipient[]; _broadcastRecipientsMeta: { count: number } }>(RECIPIENTS, { id, page, perPage, status: status ?? null });
    return { rows: answer.broadcastRecipients, total: answer._broadcastRecipientsMeta.count };
  },
  async mailingConsentHistory(email: string): Promise<ConsentEvent[]> {
    return (await call<{ mailingConsentHistory: ConsentEvent[] }>(HISTORY, { email })).mailingConsentHistory;
  },
  async recordMailingConsent(listId: string, email: string, wording: string): Promise<ConsentEvent> {
    return (await call<{ recordMailingConsent: ConsentEvent }>(RECORD, { listId, email, wording })).recordMailingConsent;
  },
  async withdrawMailingConsent(listId: string, email: string): Promise<ConsentEvent> {
    return (await call<{ withdrawMailingConsent: ConsentEvent }>(WITHDRAW, { listId, email })).withdrawMailingConsent;
  },
  async sendingHealth(): Promise<SendingHealth> {
    return (await call<{ sendingHealth: SendingHealth }>(HEALTH)).sendingHealth;
  },
});
