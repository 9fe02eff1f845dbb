import type { BookingQuestionKind, BookingStatus } from '@ministry/shared';
import type { PaymentOutcome } from '../../components/payment-return';
import { formatDateTime, formatMoney } from '../../lib/format';
import { formText } from '../../lib/form-data';
import { loadPublic, toFormErrors, type FormErrors, type GraphqlCaller, type GraphqlResult } from '../../lib/graphql';
import { loadPublicLists, mailingChoicesOf, type MailingList } from '../../lib/mailing-choices';

export type BookingQuestion = { id: string; label: string; kind: BookingQuestionKind; choices: string[]; required: boolean };

export type BookingSettings = {
  opensAt: string | null;
  closesAt: string | null;
  capacity: number;
  perBookingLimit: number;
  waitlist: boolean;
  price: number;
  currency: string;
  cancellationHours: number;
  questions: BookingQuestion[];
};

export type BookingOccurrence = { start: string; end: string | null; placesLeft: number; open: boolean; full: boolean; waitlist: boolean; cancelled: boolean };

/** A program's booking: its settings and its coming occurrences (api-contract: Event booking). */
/** `mailingLists`: the public lists its form offers a box for. */
export type ProgramBooking = { postId: string; settings: BookingSettings; occurrences: BookingOccurrence[]; mailingLists: MailingList[] };

export type Booking = {
  id: string;
  reference: string;
  status: BookingStatus;
  postId: string;
  postName: string;
  occurrenceStart: string;
  occurrenceEnd: string | null;
  location: string | null;
  places: number;
  names: string[];
  amount: number;
  currency: string;
  holdExpiresAt: string | null;
  offerExpiresAt: string | null;
  checkedInAt: string | null;
  checkout: { orderID: string | null; approveUrl: string | null } | null;
  email: string;
  ticketQr: string | null;
  canCancel: boolean;
};

export const BOOKING_FIELDS =
  'id reference status postId postName occurrenceStart occurrenceEnd location places names amount currency holdExpiresAt offerExpiresAt checkedInAt checkout { orderID approveUrl } email ticketQr canCancel';

const PROGRAM_BOOKING = `query ProgramBooking($id: ID!) {
  post: Post(id: $id) {
    booking { opensAt closesAt capacity perBookingLimit waitlist price currency cancellationHours questions { id label kind choices required } }
    bookingOccurrences { start end placesLeft open full waitlist cancelled }
  }
}`;

/** A program's booking, or null when it takes no bookings (or the read failed: the page still shows the program). */
export async function loadProgramBooking(graphql: GraphqlCaller, postId: string): Promise<ProgramBooking | null> {
  const { post } = await loadPublic<{ post: { booking: BookingSettings | null; bookingOccurrences: BookingOccurrence[] } | null }>(graphql, PROGRAM_BOOKING, { id: postId });
  if (!post?.booking) return null;
  return { postId, settings: post.booking, occurrences: post.bookingOccurrences ?? [], mailingLists: await loadPublicLists(graphql) };
}

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** A time of day in London: "10:15". */
export const formatTime = (iso: string) => time.format(new Date(iso));

export const priceWords = ({ price, currency }: Pick<BookingSettings, 'price' | 'currency'>) => (price > 0 ? `${formatMoney(price, currency)} a place` : 'Free');

/** Where one occurrence stands, in words. */
export function occurrenceWords(occurrence: BookingOccurrence, settings: BookingSettings, now = new Date()): string {
  if (occurrence.cancelled) return 'Cancelled';
  if (occurrence.full) return occurrence.waitlist ? 'Full: join the waiting list' : 'Full';
  if (!occurrence.open) return settings.opensAt && new Date(settings.opensAt) > now ? `Booking opens on ${formatDateTime(settings.opensAt)}` : 'Booking closed';
  return `${occurrence.placesLeft} ${occurrence.placesLeft === 1 ? 'place' : 'places'} left`;
}

/** Occurrences a booking form offers: open ones with places, and full ones with a waiting list. */
export const bookable = (occurrence: BookingOccurrence) => occurrence.open && !occurrence.cancelled && (!occurrence.full || occurrence.waitlist);

export const STATUS_WORDS: Record<BookingStatus, string> = {
  Held: 'Waiting for payment',
  Confirmed: 'Booked',
  Cancelled: 'Cancelled',
  Refunded: 'Cancelled and refunded',
  Waitlisted: 'On the waiting list',
  Offered: 'A place is offered to you',
  CheckedIn: 'Checked in',
};

/** The button that sends the form: a booking, or a place on the waiting list of a full occurrence. */
export const INTENT_FIELD = 'intent';

const BOOKING_ARGS =
  '$postId: ID!, $occurrenceStart: DateTime!, $places: Int!, $names: [String!], $answers: [BookingAnswerInput!], $name: String, $email: String, $mailingChoices: [MailingChoiceInput!]';
const BOOKING_VALUES =
  'postId: $postId, occurrenceStart: $occurrenceStart, places: $places, names: $names, answers: $answers, name: $name, email: $email, mailingChoices: $mailingChoices';
const CREATE_BOOKING = `mutation CreateBooking(${BOOKING_ARGS}) { booking: createBooking(${BOOKING_VALUES}) { ${BOOKING_FIELDS} } }`;
const JOIN_WAITLIST = `mutation JoinWaitlist(${BOOKING_ARGS}) { booking: joinWaitlist(${BOOKING_VALUES}) { ${BOOKING_FIELDS} } }`;

/** What the booker typed, to fill the form again after a failure. */
export type BookingFormValues = { fields: Record<string, string>; names: string[] };

export type BookingFormResult = { booking: Booking } | { errors: FormErrors; values: BookingFormValues };

/** The form's fields as createBooking takes them; answers are the fields named `answers.<questionId>`. */
export function readBookingForm(form: FormData) {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && key !== 'names') fields[key] = value.trim();
  const names = form.getAll('names').map((name) => (typeof name === 'string' ? name.trim() : ''));
  const answers = Object.entries(fields)
    .filter(([key, answer]) => key.startsWith('answers.') && answer)
    .map(([key, answer]) => ({ questionId: key.slice('answers.'.length), answer }));
  const variables = {
    postId: fields.postId,
    occurrenceStart: fields.occurrenceStart,
    places: Number(fields.places) || 1,
    names: names.filter(Boolean),
    answers,
    name: fields.name || null,
    email: fields.email || null,
    ...mailingChoicesOf(form),
  };
  return { variables, values: { fields, names } };
}

/**
 * Sends a booking form: from the page's action before JavaScript (a visitor), or from the browser with the member's
 * token. The booking as the server made it, or the server's messages tied to the fields they name.
 */
export async function submitBooking(graphql: GraphqlCaller, form: FormData): Promise<BookingFormResult> {
  const { variables, values } = readBookingForm(form);
  const mutation = formText(form, INTENT_FIELD) === 'waitlist' ? JOIN_WAITLIST : CREATE_BOOKING;
  const result = await graphql.request<{ booking: Booking }>(mutation, variables);
  if (result.data?.booking && !result.errors?.length) return { booking: result.data.booking };
  return { errors: toFormErrors(result.errors ?? []), values };
}

const CAPTURE_BOOKING = `mutation CaptureBooking($orderID: String!) { booking: captureBooking(orderID: $orderID) { ${BOOKING_FIELDS} } }`;

export const REFUNDED_WORDS = 'The places were taken while you paid; we have refunded you in full.';

/** Captures a booking's approved PayPal order, answered as the payment pages read a capture. */
export async function captureBooking(graphql: GraphqlCaller, orderID: string): Promise<PaymentOutcome> {
  const result = await graphql.request<{ booking: Booking }>(CAPTURE_BOOKING, { orderID });
  const booking = result.data?.booking;
  if (!booking) return { status: 'FAILED', message: result.errors?.[0]?.message ?? null };
  if (booking.status === 'Confirmed') return { status: 'COMPLETED', message: `Booked: reference ${booking.reference}` };
  if (booking.status === 'Refunded') return { status: 'FAILED', message: REFUNDED_WORDS };
  if (booking.status === 'Held') return { status: 'PENDING', message: 'Your payment is being processed. We will e-mail you your ticket when it is complete.' };
  return { status: 'FAILED', message: `This booking is ${STATUS_WORDS[booking.status].toLowerCase()}.` };
}

export const MY_BOOKINGS = `query MyBookings { myBookings { ${BOOKING_FIELDS} } }`;

const CANCEL_BOOKING = `mutation CancelBooking($id: ID!) { booking: cancelBooking(id: $id) { ${BOOKING_FIELDS} } }`;

export type CancelResult = { id: string; booking?: Booking; message?: string };

export async function cancelBooking(graphql: GraphqlCaller, id: string): Promise<CancelResult> {
  const result = await graphql.request<{ booking: Booking }>(CANCEL_BOOKING, { id });
  return result.data?.booking ? { id, booking: result.data.booking } : { id, message: result.errors?.[0]?.message ?? 'The booking could not be cancelled. Please try again.' };
}

const CONFIRM_BOOKING = `mutation ConfirmBooking($token: String!) { booking: confirmBooking(token: $token) { ${BOOKING_FIELDS} } }`;
const ACCEPT_OFFER = `mutation AcceptOffer($token: String!) { booking: acceptBookingOffer(token: $token) { ${BOOKING_FIELDS} } }`;
const CANCEL_BY_LINK = `mutation CancelByLink($id: ID!, $token: String!) { booking: cancelBooking(id: $id, token: $token) { ${BOOKING_FIELDS} } }`;

export type LinkAction = 'confirm' | 'offer';
export type LinkResult = { booking?: Booking; message?: string; code?: string };

/** The e-mailed link's action, taken only when the booker presses its button (mail scanners follow links). */
export async function actOnLink(graphql: GraphqlCaller, action: LinkAction, token: string): Promise<LinkResult> {
  if (!token) return { message: INCOMPLETE_LINK };
  return linkResult(await graphql.request<{ booking: Booking }>(action === 'confirm' ? CONFIRM_BOOKING : ACCEPT_OFFER, { token }));
}

/** A visitor's cancellation from the link of their ticket's e-mail (`id` and `token` of that link). */
export async function cancelByLink(graphql: GraphqlCaller, id: string, token: string): Promise<LinkResult> {
  if (!id || !token) return { message: INCOMPLETE_LINK };
  return linkResult(await graphql.request<{ booking: Booking }>(CANCEL_BY_LINK, { id, token }));
}

const INCOMPLETE_LINK = 'This link is incomplete. Please open it again from your e-mail.';

function linkResult(result: GraphqlResult<{ booking: Booking }>): LinkResult {
  const booking = result.data?.booking;
  if (booking) return { booking };
  const error = result.errors?.[0];
  return { message: error?.message ?? 'Something went wrong. Please try again.', code: error?.extensions?.code };
}
