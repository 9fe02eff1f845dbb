import { PUBLIC_REQUEST_KIND_NAMES, REQUEST_KINDS, type RequestKindWords } from '@ministry/shared';
import type { ListOptions } from '../common/list.js';
import { BaptismRequest } from './entities/baptism-request.entity.js';
import { ContactEnquiry } from './entities/contact-enquiry.entity.js';
import { CounsellingRequest } from './entities/counselling-request.entity.js';
import { PrayerRequest } from './entities/prayer-request.entity.js';
import { Question } from './entities/question.entity.js';
import type { RequestRecord } from './entities/request-record.js';

/**
 * One kind of request: its entity, how its list sorts and searches, and its names in GraphQL and for people
 * (`name`, `plural`, `label`), which are the shared vocabulary's.
 */
export interface RequestKind<T extends RequestRecord = RequestRecord> extends Pick<RequestKindWords, 'name' | 'plural' | 'label'> {
  entity: new () => T;
  list: ListOptions;
}

const wordsOf = ({ name, plural, label }: RequestKindWords) => ({ name, plural, label });

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
  ...wordsOf(REQUEST_KINDS.ContactEnquiry),
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone', reason: 'request.reason' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.reason', 'request.message', 'request.note'],
  },
};

export const QUESTION: RequestKind<Question> = {
  entity: Question,
  ...wordsOf(REQUEST_KINDS.Question),
  list: {
    sortable: { ...followUpSort, email: 'request.email' },
    defaultSort: newestFirst,
    searchable: ['request.email', 'request.question', 'request.note'],
  },
};

export const COUNSELLING_REQUEST: RequestKind<CounsellingRequest> = {
  entity: CounsellingRequest,
  ...wordsOf(REQUEST_KINDS.CounsellingRequest),
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.description', 'request.note'],
  },
};

export const BAPTISM_REQUEST: RequestKind<BaptismRequest> = {
  entity: BaptismRequest,
  ...wordsOf(REQUEST_KINDS.BaptismRequest),
  list: {
    sortable: { ...followUpSort, name: 'request.name', email: 'request.email', phone: 'request.phone' },
    defaultSort: newestFirst,
    searchable: ['request.name', 'request.email', 'request.phone', 'request.note'],
  },
};

/** Searches the member's name too, through a join made for the filter only. */
export const PRAYER_REQUEST: RequestKind<PrayerRequest> = {
  entity: PrayerRequest,
  ...wordsOf(REQUEST_KINDS.PrayerRequest),
  list: {
    sortable: { ...followUpSort, title: 'request.title', userId: 'request.userId' },
    defaultSort: newestFirst,
    searchable: ['request.title', 'request.body', 'request.note', 'member.firstname', 'member.lastname'],
  },
};

/** Every kind, by its name: the care inbox's `kind`. */
export const CARE_KINDS: Readonly<Record<string, RequestKind>> = Object.fromEntries(
  [CONTACT_ENQUIRY, QUESTION, COUNSELLING_REQUEST, BAPTISM_REQUEST, PRAYER_REQUEST].map((kind) => [kind.name, kind]),
);

/** The four kinds anyone may send without an account. */
export const PUBLIC_KINDS: readonly RequestKind[] = PUBLIC_REQUEST_KIND_NAMES.map((name) => CARE_KINDS[name]);

/** Per client address; the 21st contact submission within a minute is refused with 429. */
export const SUBMISSIONS_PER_MINUTE = 20;
