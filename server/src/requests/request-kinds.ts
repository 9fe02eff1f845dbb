import type { ListOptions } from '../common/list.js';
import { BaptismRequest } from './entities/baptism-request.entity.js';
import { ContactEnquiry } from './entities/contact-enquiry.entity.js';
import { CounsellingRequest } from './entities/counselling-request.entity.js';
import { PrayerRequest } from './entities/prayer-request.entity.js';
import { Question } from './entities/question.entity.js';
import type { RequestRecord } from './entities/request-record.js';

/** One kind of request: its entity, its names in GraphQL and the admin console, and how its list sorts and searches. */
export interface RequestKind<T extends RequestRecord = RequestRecord> {
  entity: new () => T;
  /** GraphQL type and admin console resource, e.g. `ContactEnquiry`. */
  name: string;
  /** As in `allContactEnquiries` (ra-data-graphql-simple pluralises the type name). */
  plural: string;
  /** For people: e-mail subjects, log lines, "not found" messages. */
  label: string;
  list: ListOptions;
}

/** The query alias every request list uses, so sort and search columns read `request.<property>`. */
export const REQUEST_ALIAS = 'request';

const followUpSort = {
  id: 'request.id',
  createdAt: 'request.createdAt',
  status: 'request.status',
};
const newestFirst = { field: 'createdAt', order: 'DESC' } as const;

export const CONTACT_ENQUIRY: RequestKind<ContactEnquiry> = {
  entity: ContactEnquiry,
  name: 'ContactEnquiry',
  plural: 'ContactEnquiries',
  label: 'contact enquiry',
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone', reason: 'request.reason' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.reason', 'request.message', 'request.note'],
  },
};

export const QUESTION: RequestKind<Question> = {
  entity: Question,
  name: 'Question',
  plural: 'Questions',
  label: 'question',
  list: {
    sortable: { ...followUpSort, email: 'request.email' },
    defaultSort: newestFirst,
    searchable: ['request.email', 'request.question', 'request.note'],
  },
};

export const COUNSELLING_REQUEST: RequestKind<CounsellingRequest> = {
  entity: CounsellingRequest,
  name: 'CounsellingRequest',
  plural: 'CounsellingRequests',
  label: 'counselling request',
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.description', 'request.note'],
  },
};

export const BAPTISM_REQUEST: RequestKind<BaptismRequest> = {
  entity: BaptismRequest,
  name: 'BaptismRequest',
  plural: 'BaptismRequests',
  label: 'baptism request',
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.note'],
  },
};

/** Searches the member's name too, through a join made for the filter only. */
export const PRAYER_REQUEST: RequestKind<PrayerRequest> = {
  entity: PrayerRequest,
  name: 'PrayerRequest',
  plural: 'PrayerRequests',
  label: 'prayer request',
  list: {
    sortable: { ...followUpSort, title: 'request.title', userId: 'request.userId' },
    defaultSort: newestFirst,
    searchable: ['request.title', 'request.body', 'request.note', 'member.firstname', 'member.lastname'],
  },
};

/** The four kinds anyone may send without an account. */
export const PUBLIC_KINDS: readonly RequestKind[] = [CONTACT_ENQUIRY, QUESTION, COUNSELLING_REQUEST, BAPTISM_REQUEST];

/** Per client address; the 21st contact submission within a minute is refused with 429. */
export const SUBMISSIONS_PER_MINUTE = 20;

/** Every kind, by its name: the care inbox's `kind`. */
export const CARE_KINDS: Readonly<Record<string, RequestKind>> = Object.fromEntries(
  [...PUBLIC_KINDS, PRAYER_REQUEST].map((kind) => [kind.name, kind]),
);
