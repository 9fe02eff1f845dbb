import type { DeepPartial, EntityManager } from 'typeorm';
import type { User } from '../auth/index.js';
import {
  BAPTISM_REQUEST,
  CareEvent,
  CareEventType,
  CONTACT_ENQUIRY,
  COUNSELLING_REQUEST,
  PRAYER_REQUEST,
  PrayerPrivacy,
  PrayerWallName,
  PrayerWallStatus,
  QUESTION,
  RequestStatus,
  RequestsService,
  SHARING_DAYS,
  type RequestKind,
  type RequestRecord,
} from '../requests/index.js';
import { daysAgo, type DemoMember } from './demo-people.js';

/** One line of a demo timeline, `after` days after the request came. */
type Step =
  | { after: number; type: CareEventType.Note | CareEventType.Reply | CareEventType.RequesterAnswer; body: string }
  | { after: number; type: CareEventType.Assignment }
  | { after: number; type: CareEventType.StatusChange; to: RequestStatus };

interface DemoRequest {
  kind: RequestKind;
  daysAgo: number;
  fields: DeepPartial<RequestRecord> & Record<string, unknown>;
  steps: Step[];
}

const note = (after: number, body: string): Step => ({ after, type: CareEventType.Note, body });
const reply = (after: number, body: string): Step => ({ after, type: CareEventType.Reply, body });
const assign = (after: number): Step => ({ after, type: CareEventType.Assignment });
const status = (after: number, to: RequestStatus): Step => ({ after, type: CareEventType.StatusChange, to });

const DAY_MS = 24 * 60 * 60 * 1000;

/** Visitors' requests of every kind and reason, in every status, each with what staff did about it. */
const visitorRequests = (): DemoRequest[] => [
  {
    kind: CONTACT_ENQUIRY,
    daysAgo: 1,
    fields: { name: 'Priya Lambert', email: 'priya.lambert@example.com', phone: '07700 900101', reason: 'counselling', message: 'My husband and I have been arguing a lot since our second baby came. Is there someone we could talk to together?' },
    steps: [],
  },
  {
    kind: CONTACT_ENQUIRY,
    daysAgo: 40,
    fields: { name: 'Oliver Mbeki-Hart', email: 'oliver.mh@example.com', phone: '07700 900102', reason: 'wedding', message: 'We would love to get married at the ministry next summer. What dates are free, and do you offer marriage preparation?' },
    steps: [assign(0), reply(1, 'Congratulations! Marriage preparation runs on four Saturday mornings; June and July still have free Saturdays. Shall we meet after a Sunday service?'), note(3, 'Couple coming on Sunday to meet Pastor Daniel.'), status(9, RequestStatus.Closed)],
  },
  {
    kind: CONTACT_ENQUIRY,
    daysAgo: 6,
    fields: { name: 'Grace Oduya', email: 'grace.oduya@example.com', phone: '07700 900103', reason: 'prayer', message: 'Please pray for my mother, who goes into hospital for an operation on Thursday.' },
    steps: [assign(0), note(1, 'Added to the Monday prayer meeting list (first name only, with her permission).')],
  },
  {
    kind: CONTACT_ENQUIRY,
    daysAgo: 12,
    fields: { name: 'Marcus Penrose', email: 'marcus.penrose@example.com', phone: '07700 900104', reason: 'baptism', message: 'I gave my life to Christ at the Easter service. How do I get baptised?' },
    steps: [assign(0), reply(1, 'Wonderful news, Marcus. The next baptism class starts on the first Sunday of the month after the service; you are very welcome.'), status(2, RequestStatus.Waiting)],
  },
  {
    kind: CONTACT_ENQUIRY,
    daysAgo: 3,
    fields: { name: 'Ella Vance', email: 'ella.vance@example.com', phone: '07700 900105', reason: 'other', message: 'Is there step-free access to the hall, and somewhere to park a buggy during the service?' },
    steps: [note(1, 'Ask the facilities team about the side ramp before replying.')],
  },
  {
    kind: QUESTION,
    daysAgo: 9,
    fields: { email: 'sam.achterberg@example.com', question: 'If God forgives everything, why does the church still talk about repentance?' },
    steps: [assign(0), reply(2, 'A good question. Forgiveness is a gift; repentance is how we turn round to receive it. Pastor Ruth wrote about this on the blog last month.'), status(5, RequestStatus.Closed)],
  },
  {
    kind: QUESTION,
    daysAgo: 2,
    fields: { email: 'noor.whitlock@example.com', question: 'Which Bible translation do you read from on Sundays, and is there a large-print copy I could borrow?' },
    steps: [],
  },
  {
    kind: COUNSELLING_REQUEST,
    daysAgo: 18,
    fields: { name: 'Daniel Okonkwo-Reid', email: 'd.okonkwo.reid@example.com', phone: '07700 900106', description: 'I lost my job three months ago and feel I am sinking. I would like to talk to someone in confidence.' },
    steps: [assign(0), reply(1, 'Thank you for writing, Daniel. Pastor Grace can meet you on Tuesday evening or Thursday morning; which suits you?'), { after: 3, type: CareEventType.RequesterAnswer, body: 'Thursday morning please.' }, note(4, 'First session held. Follow-up in two weeks.')],
  },
  {
    kind: BAPTISM_REQUEST,
    daysAgo: 25,
    fields: { name: 'Lydia Castellanos', email: 'lydia.castellanos@example.com', phone: '07700 900107' },
    steps: [assign(1), status(1, RequestStatus.InProgress), note(7, 'Attended the first baptism class.'), reply(8, 'Lydia, we have pencilled you in for the baptism service on the last Sunday of next month.')],
  },
];

/** The members' prayer requests, at each privacy level, three on the wall and one waiting for a pastor. */
const memberPrayers = ([hannah, tobias, amara]: DemoMember[]): DemoRequest[] => {
  const prayer = (user: DemoMember, privacy: PrayerPrivacy, wall: { name: PrayerWallName; status: PrayerWallStatus; prayed?: number } | null, title: string, body: string) => ({
    title,
    body,
    userId: user.id,
    privacy,
    wallName: wall?.name ?? null,
    wallStatus: wall?.status ?? PrayerWallStatus.NotRequested,
    prayedCount: wall?.prayed ?? 0,
  });
  const approved = (name: PrayerWallName, prayed: number) => ({ name, status: PrayerWallStatus.Approved, prayed });
  return [
    {
      kind: PRAYER_REQUEST,
      daysAgo: 15,
      fields: prayer(hannah, PrayerPrivacy.PastorsOnly, null, 'Strength for a hard conversation', 'I need to tell my family about a health diagnosis. Please pray I find the words.'),
      steps: [assign(0), reply(1, 'Hannah, we are praying with you. Would you like a pastor to be with you when you tell them?')],
    },
    {
      kind: PRAYER_REQUEST,
      daysAgo: 5,
      fields: prayer(tobias, PrayerPrivacy.PrayerTeam, null, 'New job interview', 'I have a second interview on Friday for a job I really want. Please pray for calm and clarity.'),
      steps: [note(0, 'Shared at the Monday prayer meeting.')],
    },
    {
      kind: PRAYER_REQUEST,
      daysAgo: 20,
      fields: prayer(amara, PrayerPrivacy.PrayerWall, approved(PrayerWallName.FirstName, 14), 'Healing for my knee', 'The operation went well; please pray for a quick recovery so I can get back to church.'),
      steps: [status(0, RequestStatus.InProgress)],
    },
    {
      kind: PRAYER_REQUEST,
      daysAgo: 11,
      fields: prayer(hannah, PrayerPrivacy.PrayerWall, approved(PrayerWallName.Anonymous, 6), 'Peace in our street', 'There has been trouble between neighbours. Pray for peace and for wisdom for everyone involved.'),
      steps: [status(1, RequestStatus.InProgress)],
    },
    {
      kind: PRAYER_REQUEST,
      daysAgo: 4,
      fields: prayer(tobias, PrayerPrivacy.PrayerWall, approved(PrayerWallName.FirstName, 9), 'Exams this month', 'Final exams start next week. Pray that I remember what I have studied and stay rested.'),
      steps: [status(0, RequestStatus.InProgress)],
    },
    {
      kind: PRAYER_REQUEST,
      daysAgo: 1,
      fields: prayer(amara, PrayerPrivacy.PrayerWall, { name: PrayerWallName.Anonymous, status: PrayerWallStatus.Pending }, 'My grandson', 'My grandson has stopped talking to the family. Pray that his heart softens.'),
      steps: [note(0, 'Waiting for a pastor to approve it for the wall.')],
    },
  ];
};

/**
 * Stores each request through its kind's store (no e-mail is queued for invented senders), then its timeline as
 * the care inbox would have written it: dated in the past, so written here rather than by the inbox's actions,
 * which stamp the present. The request ends in the status, assignee and reply time its timeline leads to. Without a
 * demo carer (production) the requests arrive New and untouched: no real account is made the author of invented work.
 */
export async function seedDemoCare(manager: EntityManager, requests: RequestsService, members: DemoMember[], carer: User | null): Promise<Record<string, string[]>> {
  const seeded: Record<string, string[]> = {};
  for (const demo of [...visitorRequests(), ...memberPrayers(members)]) {
    const createdAt = daysAgo(demo.daysAgo, 9);
    const expiresAt = new Date(createdAt.getTime() + SHARING_DAYS * DAY_MS);
    const record = await requests.store(demo.kind).insert({ ...demo.fields, createdAt, ...(demo.kind === PRAYER_REQUEST && { expiresAt }) }, manager);
    const state = { status: RequestStatus.New, assigneeId: null as number | null, lastReplyAt: null as Date | null, closedAt: null as Date | null };
    const events: Partial<CareEvent>[] = [];
    const move = (to: RequestStatus, at: Date) => {
      events.push({ type: CareEventType.StatusChange, fromStatus: state.status, toStatus: to, createdAt: at });
      state.status = to;
      state.closedAt = to === RequestStatus.Closed ? at : null;
    };
    for (const [i, step] of demo.steps.entries()) {
      if (!carer) break;
      const at = new Date(createdAt.getTime() + step.after * DAY_MS + (i + 1) * 17 * 60_000);
      if (step.type === CareEventType.StatusChange) move(step.to, at);
      else if (step.type === CareEventType.Assignment) {
        events.push({ type: step.type, assigneeId: carer.id, createdAt: at });
        state.assigneeId = carer.id;
      } else {
        events.push({ type: step.type, body: step.body, createdAt: at });
        // As the inbox does: a reply marks the request answered and takes a new one in hand.
        if (step.type === CareEventType.Reply) {
          state.lastReplyAt = at;
          if (state.status === RequestStatus.New) move(RequestStatus.InProgress, at);
        }
      }
    }
    if (carer) await manager.save(events.map((event) => manager.create(CareEvent, { body: null, fromStatus: null, toStatus: null, assigneeId: null, ...event, kind: demo.kind.name, requestId: record.id, authorId: carer.id })));
    await manager.update(demo.kind.entity, record.id, state);
    (seeded[demo.kind.name] ??= []).push(String(record.id));
  }
  return seeded;
}
