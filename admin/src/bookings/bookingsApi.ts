import type { BookingStatus } from '@ministry/shared';
import type { Transport } from '../data/transport';

/** A program people can book, with the start of its occurrence under way or its next one. */
export type BookableEvent = { id: string; name: string; next?: string };

/** One date of an event: its start, and when it ends if it says. */
export type Occurrence = { start: string; end?: string | null; cancelled?: boolean };

/** An event and one of its dates: what the door, the counts and the messages are about. */
export type OccurrenceKey = { postId: string; occurrenceStart: string };

export type BookingCounts = { capacity: number; booked: number; held: number; checkedIn: number; waiting: number; placesLeft: number };

/** A booking as the door list shows it. */
export type DoorBooking = { id: string; reference: string; status: BookingStatus; bookerName: string; names: string[]; places: number; checkedInAt?: string | null };

/** The spec's fixed category of programs, the posts that can take bookings. */
const PROGRAMS_CATEGORY = '1';

const PROGRAMS = `query BookablePrograms($filter: PostFilter) {
  allPosts(filter: $filter, perPage: 200, sortField: "nextStartsAt", sortOrder: "ASC") {
    id name booking { capacity } nextStartsAt } }`;

const OCCURRENCES = `query BookingOccurrences($id: ID!) {
  Post(id: $id) { id nextStartsAt nextEndsAt bookingOccurrences(limit: 12) { start end cancelled } } }`;

const COUNTS = `query BookingCounts($postId: ID!, $occurrenceStart: DateTime!) {
  bookingCounts(postId: $postId, occurrenceStart: $occurrenceStart) { capacity booked held checkedIn waiting placesLeft } }`;

const DOOR_LIST = `query DoorList($filter: BookingFilter) {
  allBookings(filter: $filter, perPage: 1000, sortField: "reference", sortOrder: "ASC") { id reference status bookerName names places checkedInAt } }`;

const DOOR_FIELDS = 'id reference status bookerName names places checkedInAt';

const CHECK_IN = `mutation CheckInBooking($reference: String!) { checkInBooking(reference: $reference) { ${DOOR_FIELDS} } }`;

const CANCEL = 'mutation CancelBooking($id: ID!) { cancelBooking(id: $id) { id status cancelledAt } }';

const REFUND = 'mutation RefundBooking($id: ID!) { refundBooking(id: $id) { id status } }';

const CANCEL_OCCURRENCE = `mutation CancelOccurrence($postId: ID!, $occurrenceStart: DateTime!, $message: String) {
  cancelOccurrence(postId: $postId, occurrenceStart: $occurrenceStart, message: $message) }`;

const MESSAGE = `mutation MessageBookers($postId: ID!, $occurrenceStart: DateTime!, $subject: String!, $body: String!) {
  messageBookers(postId: $postId, occurrenceStart: $occurrenceStart, subject: $subject, body: $body) }`;

type ProgramRow = { id: string; name: string; booking: object | null; nextStartsAt: string | null };
type ProgramDates = { nextStartsAt: string | null; nextEndsAt: string | null; bookingOccurrences: Occurrence[] };

/** The data provider's booking methods, beyond the bookings' list and page. */
export const bookingMethods = ({ call, download }: Transport) => ({
  /** Programs that take bookings (with `upcoming`, those not over yet), soonest first; those with no date to come last. */
  async bookableEvents(upcoming: boolean): Promise<BookableEvent[]> {
    const filter = { categoryId: PROGRAMS_CATEGORY, ...(upcoming ? { upcoming } : {}) };
    const { allPosts } = await call<{ allPosts: ProgramRow[] }>(PROGRAMS, { filter });
    return allPosts
      .filter((post) => post.booking)
      .map((post) => ({ id: String(post.id), name: post.name, next: post.nextStartsAt ?? undefined }))
      .sort((a, b) => (a.next ?? '\uffff').localeCompare(b.next ?? '\uffff'));
  },
  /**
   * The dates of an event from the one under way (which `bookingOccurrences` no longer lists once it has started,
   * while the door still needs it) to the twelfth to come.
   */
  async bookingOccurrences(postId: string): Promise<Occurrence[]> {
    const { Post: post } = await call<{ Post: ProgramDates | null }>(OCCURRENCES, { id: postId });
    if (!post) return [];
    const coming = post.bookingOccurrences;
    const underWay = post.nextStartsAt && !coming.some((occurrence) => occurrence.start === post.nextStartsAt);
    return underWay ? [{ start: post.nextStartsAt!, end: post.nextEndsAt }, ...coming] : coming;
  },
  async bookingCounts(key: OccurrenceKey): Promise<BookingCounts> {
    return (await call<{ bookingCounts: BookingCounts }>(COUNTS, key)).bookingCounts;
  },
  /** Everyone booked on one date by name, or those whose name or reference matches `q`. */
  async doorList(key: OccurrenceKey, q: string): Promise<DoorBooking[]> {
    const { allBookings } = await call<{ allBookings: DoorBooking[] }>(DOOR_LIST, { filter: { ...key, ...(q.trim() ? { q: q.trim() } : {}) } });
    return allBookings.sort((a, b) => a.bookerName.localeCompare(b.bookerName, 'en-GB'));
  },
  /** A reference or a scanned ticket, sent as it is: the server reads either. */
  async checkInBooking(reference: string): Promise<DoorBooking> {
    return (await call<{ checkInBooking: DoorBooking }>(CHECK_IN, { reference })).checkInBooking;
  },
  async cancelBooking(id: string): Promise<void> {
    await call(CANCEL, { id });
  },
  async refundBooking(id: string): Promise<void> {
    await call(REFUND, { id });
  },
  /** Answers how many bookings were cancelled. */
  async cancelOccurrence(key: OccurrenceKey, message: string): Promise<number> {
    return (await call<{ cancelOccurrence: number }>(CANCEL_OCCURRENCE, { ...key, message: message.trim() || null })).cancelOccurrence;
  },
  /** Answers how many e-mails were queued. */
  async messageBookers(key: OccurrenceKey, subject: string, body: string): Promise<number> {
    return (await call<{ messageBookers: number }>(MESSAGE, { ...key, subject, body })).messageBookers;
  },
  /** The attendees of one date as a spreadsheet, fetched with the staff token (a plain link would carry none). */
  downloadAttendees: ({ postId, occurrenceStart }: OccurrenceKey, fileName: string): Promise<string> =>
    download(`/api/admin/bookings.csv?postId=${encodeURIComponent(postId)}&occurrenceStart=${encodeURIComponent(occurrenceStart)}`, fileName),
});
