import { buildSchema, graphql, GraphQLError } from 'graphql';

/**
 * A small GraphQL server in memory for the e-mail screens' tests: the contract's lists, broadcasts, consent ledger
 * and sending health (docs/api-contract.md, "E-mail to people who asked for it"), so the console talks to it through
 * ra-data-graphql-simple and its own transport as it talks to the server.
 */
const SDL = `
  scalar DateTime
  enum ConsentBasis { Consent CharitableSoftOptIn ServiceMessage }
  enum ConsentAction { Requested Given Withdrawn }
  enum ConsentSource { SignUpForm Registration Donation Booking PrivacyCentre EmailLink Staff Bounce Complaint Erasure }
  enum RecipientStatus { Queued Sent Deferred Bounced Complained Unsubscribed }
  enum BroadcastStatus { Draft Scheduled Sending Sent }
  enum AudienceKind { List Donors Occurrence Role }
  enum Role { Member Admin Pastor PrayerTeam Editor Finance EventsTeam Communications }
  type ListMetadata { count: Int! }
  type MailingList { id: ID! name: String! description: String! public: Boolean! basis: ConsentBasis! subscriberCount: Int createdAt: DateTime! }
  input MailingListFilter { ids: [ID!] q: String public: Boolean }
  type BroadcastAudience { kind: AudienceKind! listId: ID postId: ID occurrenceStart: DateTime from: DateTime to: DateTime role: Role }
  input BroadcastAudienceInput { kind: AudienceKind! listId: ID postId: ID occurrenceStart: DateTime from: DateTime to: DateTime role: Role }
  type BroadcastTotals { queued: Int! sent: Int! deferred: Int! bounced: Int! complained: Int! unsubscribed: Int! }
  type Broadcast {
    id: ID! subject: String! body: String! listId: ID listName: String audience: BroadcastAudience! status: BroadcastStatus! scheduledAt: DateTime
    startedAt: DateTime sentAt: DateTime createdAt: DateTime! postId: ID recipientCount: Int! totals: BroadcastTotals!
  }
  input BroadcastFilter { ids: [ID!] q: String status: BroadcastStatus }
  type BroadcastRecipient { id: ID! email: String! status: RecipientStatus! attempts: Int! lastReply: String sentAt: DateTime updatedAt: DateTime! }
  type BroadcastPreview { html: String! text: String! }
  type ConsentEvent { id: ID! listId: ID! listName: String! action: ConsentAction! basis: ConsentBasis! source: ConsentSource! wording: String! at: DateTime! byStaff: Boolean! }
  type HealthCheck { name: String! ok: Boolean found: String advice: String! }
  type SendingHealth { domain: String! checked: Boolean! checks: [HealthCheck!]! }
  type Video { id: ID! title: String! video: String! poster: String announceListId: ID createdAt: DateTime! updatedAt: DateTime! }
  input VideoFilter { ids: [ID!] q: String }
  type Query {
    Video(id: ID!): Video!
    allVideos(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: VideoFilter): [Video!]!
    _allVideosMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: VideoFilter): ListMetadata!
    MailingList(id: ID!): MailingList
    allMailingLists(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: MailingListFilter): [MailingList!]!
    _allMailingListsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: MailingListFilter): ListMetadata!
    Broadcast(id: ID!): Broadcast
    allBroadcasts(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: BroadcastFilter): [Broadcast!]!
    _allBroadcastsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: BroadcastFilter): ListMetadata!
    audienceSize(listId: ID, audience: BroadcastAudienceInput): Int!
    previewBroadcast(subject: String!, body: String!, listId: ID, audience: BroadcastAudienceInput): BroadcastPreview!
    broadcastRecipients(id: ID!, page: Int, perPage: Int, status: RecipientStatus): [BroadcastRecipient!]!
    _broadcastRecipientsMeta(id: ID!, status: RecipientStatus): ListMetadata!
    mailingConsentHistory(email: String!): [ConsentEvent!]!
    sendingHealth: SendingHealth!
  }
  type Mutation {
    createVideo(title: String!, video: String!, announceListId: ID): Video!
    createMailingList(name: String!, description: String!, public: Boolean!, basis: ConsentBasis!): MailingList!
    updateMailingList(id: ID!, name: String!, description: String!, public: Boolean!): MailingList!
    createBroadcast(subject: String!, body: String!, listId: ID, audience: BroadcastAudienceInput): Broadcast!
    updateBroadcast(id: ID!, subject: String!, body: String!, listId: ID, audience: BroadcastAudienceInput): Broadcast!
    testSendBroadcast(id: ID!): Boolean!
    sendBroadcast(id: ID!, at: DateTime): Broadcast!
    cancelBroadcast(id: ID!): Broadcast!
    recordMailingConsent(listId: ID!, email: String!, wording: String!): ConsentEvent!
    withdrawMailingConsent(listId: ID!, email: String!): ConsentEvent!
  }
`;

type Row = Record<string, unknown>;
export type Call = { operation: string; query: string; variables: Record<string, unknown> };

const NO_TOTALS = { queued: 0, sent: 0, deferred: 0, bounced: 0, complained: 0, unsubscribed: 0 };

export function createMailingApi({ dnsReachable = true }: { dnsReachable?: boolean } = {}) {
  const schema = buildSchema(SDL);
  const lists: Row[] = [
    { id: '1', name: 'Monthly newsletter', description: 'News and prayer points', public: true, basis: 'Consent', subscriberCount: 1204, createdAt: '2026-01-05T10:00:00Z' },
    { id: '2', name: 'Supporters’ news', description: '', public: false, basis: 'CharitableSoftOptIn', subscriberCount: 37, createdAt: '2026-02-01T10:00:00Z' },
  ];
  const sizeOf = (audience?: Row | null) => (audience?.kind === 'Role' ? 3 : ((lists.find((list) => list.id === audience?.listId)?.subscriberCount as number) ?? 0));
  const broadcast = (row: Row): Row => {
    const audience = (row.audience as Row) ?? { kind: 'List', listId: '1' };
    return {
      listId: audience.listId ?? null, listName: lists.find((list) => list.id === audience.listId)?.name ?? null, audience, status: 'Draft', scheduledAt: null, startedAt: null, sentAt: null,
      createdAt: '2026-11-20T10:00:00Z', postId: null, recipientCount: sizeOf(audience), totals: NO_TOTALS, ...row,
    };
  };
  const broadcasts: Row[] = [
    broadcast({ id: '21', subject: 'Advent letter', body: '<p>Come and see</p>' }),
    broadcast({ id: '22', subject: 'Harvest thanks', body: '<p>Thank you</p>', status: 'Sent', sentAt: '2026-10-12T09:30:00Z', recipientCount: 3, totals: { ...NO_TOTALS, sent: 1, bounced: 1, unsubscribed: 1 } }),
  ];
  const recipients: Row[] = [
    { id: '1', email: 'ada@example.org', status: 'Sent', attempts: 1, lastReply: '250 2.0.0 OK', sentAt: '2026-10-12T09:30:00Z', updatedAt: '2026-10-12T09:30:00Z' },
    { id: '2', email: 'nobody@example.org', status: 'Bounced', attempts: 1, lastReply: '550 5.1.1 No such user here', sentAt: null, updatedAt: '2026-10-12T09:30:00Z' },
    { id: '3', email: 'grace@example.org', status: 'Unsubscribed', attempts: 1, lastReply: '250 2.0.0 OK', sentAt: '2026-10-12T09:30:00Z', updatedAt: '2026-10-13T09:30:00Z' },
  ];
  const ledger: Row[] = [
    { id: '7', listId: '1', listName: 'Monthly newsletter', action: 'Given', basis: 'Consent', source: 'SignUpForm', wording: 'Send me Monthly newsletter by e-mail. I can unsubscribe at any time.', at: '2026-03-01T10:00:00Z', byStaff: false, email: 'ruth@example.org' },
  ];
  const videos: Row[] = [];
  const calls: Call[] = [];
  const byId = (id: string) => {
    const row = broadcasts.find((candidate) => candidate.id === id);
    if (!row) throw new GraphQLError('The broadcast was not found', { extensions: { code: 'NOT_FOUND' } });
    return row;
  };
  const inStatus = (status?: string | null) => recipients.filter((row) => !status || row.status === status);
  const entry = (listId: string, email: string, action: string, wording: string) => {
    const list = lists.find((candidate) => candidate.id === listId)!;
    const row = { id: String(ledger.length + 10), listId, listName: list.name, action, basis: list.basis, source: 'Staff', wording, at: new Date().toISOString(), byStaff: true, email };
    ledger.unshift(row);
    return row;
  };

  const rootValue = {
    Video: ({ id }: { id: string }) => videos.find((video) => video.id === id),
    allVideos: () => videos,
    _allVideosMeta: () => ({ count: videos.length }),
    createVideo: (args: Row) => {
      const video = { poster: null, announceListId: null, ...args, id: String(videos.length + 1), createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
      videos.push(video);
      return video;
    },
    MailingList: ({ id }: { id: string }) => lists.find((list) => list.id === id),
    allMailingLists: () => lists,
    _allMailingListsMeta: () => ({ count: lists.length }),
    createMailingList: (args: Row) => {
      const list = { ...args, id: String(lists.length + 1), subscriberCount: 0, createdAt: new Date().toISOString() };
      lists.push(list);
      return list;
    },
    updateMailingList: ({ id, ...changes }: Row) => Object.assign(lists.find((list) => list.id === id)!, changes),
    Broadcast: ({ id }: { id: string }) => broadcasts.find((row) => row.id === id),
    allBroadcasts: () => broadcasts,
    _allBroadcastsMeta: () => ({ count: broadcasts.length }),
    audienceSize: ({ audience }: { audience?: Row }) => sizeOf(audience),
    previewBroadcast: ({ subject, body }: { subject: string; body: string }) => ({ html: `<html><body><h1>${subject}</h1>${body}<a href="#">Unsubscribe</a></body></html>`, text: subject }),
    broadcastRecipients: ({ status }: { status?: string }) => inStatus(status),
    _broadcastRecipientsMeta: ({ status }: { status?: string }) => ({ count: inStatus(status).length }),
    mailingConsentHistory: ({ email }: { email: string }) => ledger.filter((row) => row.email === email.toLowerCase()),
    sendingHealth: () =>
      dnsReachable
        ? { domain: 'example.org', checked: true, checks: [{ name: 'SPF', ok: true, found: 'v=spf1 mx -all', advice: 'Mail servers can tell our mail is really from us.' }, { name: 'DKIM', ok: false, found: null, advice: 'Publish the DKIM key under mail._domainkey.example.org.' }] }
        : { domain: 'example.org', checked: false, checks: [{ name: 'SPF', ok: null, found: null, advice: 'could not check' }] },
    createBroadcast: (args: Row) => {
      const row = broadcast({ ...args, id: String(broadcasts.length + 21) });
      broadcasts.push(row);
      return row;
    },
    updateBroadcast: ({ id, ...changes }: Row) => Object.assign(byId(id as string), broadcast({ ...byId(id as string), ...changes })),
    testSendBroadcast: () => true,
    sendBroadcast: ({ id, at }: { id: string; at?: string }) => Object.assign(byId(id), at ? { status: 'Scheduled', scheduledAt: at } : { status: 'Sending', startedAt: new Date().toISOString() }),
    cancelBroadcast: ({ id }: { id: string }) => Object.assign(byId(id), { status: 'Draft', scheduledAt: null }),
    recordMailingConsent: ({ listId, email, wording }: { listId: string; email: string; wording: string }) => entry(listId, email, 'Given', wording),
    withdrawMailingConsent: ({ listId, email }: { listId: string; email: string }) => entry(listId, email, 'Withdrawn', ''),
  };

  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const { query, variables = {}, operationName } = JSON.parse(init?.body as string) as { query: string; variables?: Record<string, unknown>; operationName?: string };
    const named = operationName ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    calls.push({ operation: named ?? (query.includes('__schema') ? 'IntrospectionQuery' : 'anonymous'), query, variables });
    return Response.json(await graphql({ schema, source: query, variableValues: variables, rootValue }));
  };

  return { fetch, calls, lists, broadcasts, ledger };
}
