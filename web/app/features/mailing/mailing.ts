import type { ConsentAction, ConsentBasis, ConsentSource } from '@ministry/shared';
import type { HeadersFunction } from 'react-router';
import { errorCode, loadPublic, toFormErrors, type FormErrors, type GraphqlCaller } from '../../lib/graphql';
import { formText } from '../../lib/form-data';
import { MAILING_LIST_FIELDS, readMailingChoices, tickedValues, type MailingList } from '../../lib/mailing-choices';

const SUBSCRIBE = 'mutation Subscribe($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }';

export type SignUpResult = { done: true } | { done: false; errors: FormErrors; values: Record<string, string> };

export const NO_LIST_TICKED = 'Tick at least one list';
export const NO_EMAIL = 'Enter your e-mail address';

/**
 * The sign-up form: one `subscribe` for each ticked list. The server answers the same whatever the address's
 * state, so the page says only that a link was sent.
 */
export async function signUp(graphql: GraphqlCaller, form: FormData): Promise<SignUpResult> {
  const email = formText(form, 'email').trim();
  const ticked = readMailingChoices(form).filter((choice) => choice.ticked);
  const values = { email, ...tickedValues(form) };
  const fields: Record<string, string> = {};
  if (!email) fields.email = NO_EMAIL;
  if (!ticked.length) fields.lists = NO_LIST_TICKED;
  if (Object.keys(fields).length) return { done: false, errors: { fields }, values };
  for (const { listId } of ticked) {
    const result = await graphql.request(SUBSCRIBE, { listId, email });
    if (result.errors?.length) return { done: false, errors: toFormErrors(result.errors), values };
  }
  return { done: true };
}

export type Newsletter = { id: string; subject: string; body: string; listName: string; sentAt: string };

const NEWSLETTERS = 'query Newsletters($page: Int, $perPage: Int) { allNewsletters(page: $page, perPage: $perPage) { id subject listName sentAt } }';
const NEWSLETTER = 'query Newsletter($id: ID!) { Newsletter(id: $id) { id subject body listName sentAt } }';

export async function loadNewsletters(graphql: GraphqlCaller): Promise<Omit<Newsletter, 'body'>[]> {
  const { allNewsletters } = await loadPublic<{ allNewsletters: Omit<Newsletter, 'body'>[] }>(graphql, NEWSLETTERS, { page: 0, perPage: 50 });
  return allNewsletters ?? [];
}

/** One newsletter of the archive, or null when there is none of that id. */
export async function loadNewsletter(graphql: GraphqlCaller, id: string): Promise<Newsletter | null> {
  const { Newsletter: newsletter } = await loadPublic<{ Newsletter: Newsletter | null }>(graphql, NEWSLETTER, { id });
  return newsletter ?? null;
}

/** What a link from an e-mail did: the list it was about, or why it did nothing. */
export type LinkOutcome = { list?: { id: string; name: string }; message?: string; refused?: boolean };

const CONFIRM = 'mutation ConfirmSubscription($token: String!) { list: confirmSubscription(token: $token) { id name } }';
const UNSUBSCRIBE = 'mutation Unsubscribe($token: String!) { list: unsubscribe(token: $token) { id name } }';

async function followLink(graphql: GraphqlCaller, mutation: string, token: string, invalid: string): Promise<LinkOutcome> {
  if (!token) return { message: invalid, refused: true };
  const result = await graphql.request<{ list: { id: string; name: string } }>(mutation, { token });
  if (result.data?.list && !result.errors?.length) return { list: result.data.list };
  // A refused token has the server's own words ("expired: please sign up again"); anything else is ours, to try again.
  if (errorCode(result.errors) === 'BAD_USER_INPUT') return { message: result.errors![0].message, refused: true };
  return { message: 'Something went wrong. Please try again in a few minutes.' };
}

export const INVALID_CONFIRMATION = 'This confirmation link is not valid';
export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid';

export const confirmSubscription = (graphql: GraphqlCaller, token: string) => followLink(graphql, CONFIRM, token, INVALID_CONFIRMATION);
export const unsubscribe = (graphql: GraphqlCaller, token: string) => followLink(graphql, UNSUBSCRIBE, token, INVALID_UNSUBSCRIBE);

export type ConsentEvent = { id: string; listId: string; listName: string; action: ConsentAction; basis: ConsentBasis; source: ConsentSource; wording: string; at: string; byStaff: boolean };
export type ListPreference = { list: MailingList; subscribed: boolean; pending: boolean; basis: ConsentBasis | null; since: string | null; wording: string };
export type CommunicationPreferences = { email: string; suppressed: boolean; lists: ListPreference[]; history: ConsentEvent[] };

const PREFERENCE_FIELDS = `email suppressed
  lists { list { ${MAILING_LIST_FIELDS} } subscribed pending basis since wording }
  history { id listId listName action basis source wording at byStaff }`;

export const MY_PREFERENCES = `query MyCommunicationPreferences { myCommunicationPreferences { ${PREFERENCE_FIELDS} } }`;
export const UPDATE_PREFERENCES = `mutation UpdateCommunicationPreferences($lists: [MailingChoiceInput!]!) {
  updateCommunicationPreferences(lists: $lists) { ${PREFERENCE_FIELDS} }
}`;

/** Why we send a list, in words, as the privacy centre shows it. */
export const BASIS_WORDS: Record<ConsentBasis, string> = {
  Consent: 'You asked for this',
  CharitableSoftOptIn: 'Sent because you gave or booked; you can stop it any time',
  ServiceMessage: 'About something you booked or do with us',
};

export const ACTION_WORDS: Record<ConsentAction, string> = { Requested: 'Asked to join', Given: 'Subscribed', Withdrawn: 'Unsubscribed' };

export const SOURCE_WORDS: Record<ConsentSource, string> = {
  SignUpForm: 'Newsletters sign-up form',
  Registration: 'Creating your account',
  Donation: 'Giving form',
  Booking: 'Booking form',
  PrivacyCentre: 'My privacy',
  EmailLink: 'A link in an e-mail',
  Staff: 'Our staff, as you asked',
  Bounce: 'Your address bounced',
  Complaint: 'Reported as spam',
  Erasure: 'Account deleted',
};

/**
 * The headers of a page whose address carries an e-mailed token: never kept by the page cache or a browser
 * (entry.server.tsx says `no-store` too), and never sent on as a Referer.
 */
export const tokenPageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
  return headers;
};
