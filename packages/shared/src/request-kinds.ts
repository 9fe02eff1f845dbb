import { byName } from './by-name.js';

/** The five kinds of request, in the care inbox's order; each is a GraphQL type and the console's resource for it. */
export const REQUEST_KIND_NAMES = ['ContactEnquiry', 'Question', 'CounsellingRequest', 'BaptismRequest', 'PrayerRequest'] as const;
export type RequestKindName = (typeof REQUEST_KIND_NAMES)[number];

/** One kind of request as every part names it. */
export interface RequestKindWords<N extends RequestKindName = RequestKindName> {
  /** The GraphQL type, e.g. `ContactEnquiry`; the care inbox's `kind`. */
  name: N;
  /** As in `allContactEnquiries` (ra-data-graphql-simple pluralises the type name). */
  plural: string;
  /** In a sentence: e-mail subjects, log lines, "not found" messages. */
  label: string;
  /** The console's heading for one. */
  title: string;
  /** The console's heading for its list. */
  listTitle: string;
  /** The console's resource, as its URLs read. */
  resource: string;
}

export const REQUEST_KINDS: { readonly [N in RequestKindName]: RequestKindWords<N> } = {
  ContactEnquiry: {
    name: 'ContactEnquiry',
    plural: 'ContactEnquiries',
    label: 'contact enquiry',
    title: 'Contact enquiry',
    listTitle: 'Contact enquiries',
    resource: 'contact-enquiries',
  },
  Question: { name: 'Question', plural: 'Questions', label: 'question', title: 'Question', listTitle: 'Questions', resource: 'questions' },
  CounsellingRequest: {
    name: 'CounsellingRequest',
    plural: 'CounsellingRequests',
    label: 'counselling request',
    title: 'Counselling request',
    listTitle: 'Counselling requests',
    resource: 'counselling-requests',
  },
  BaptismRequest: {
    name: 'BaptismRequest',
    plural: 'BaptismRequests',
    label: 'baptism request',
    title: 'Baptism request',
    listTitle: 'Baptism requests',
    resource: 'baptism-requests',
  },
  PrayerRequest: {
    name: 'PrayerRequest',
    plural: 'PrayerRequests',
    label: 'prayer request',
    title: 'Prayer request',
    listTitle: 'Prayer requests',
    resource: 'prayer-requests',
  },
};

/** The four kinds anyone may send without an account, each through `create<Name>`; a prayer request needs a member. */
export const PUBLIC_REQUEST_KIND_NAMES = ['ContactEnquiry', 'Question', 'CounsellingRequest', 'BaptismRequest'] as const satisfies readonly RequestKindName[];

/** Each kind by name, as `REQUEST_KIND.PrayerRequest`, e.g. for the audit trail's record kind. */
export const REQUEST_KIND = byName(REQUEST_KIND_NAMES);
