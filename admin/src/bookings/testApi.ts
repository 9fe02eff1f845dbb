import { buildSchema, graphql, GraphQLError } from 'graphql';

/**
 * A small GraphQL server in memory for the booking screens' tests: the contract's booking types and operations
 * (docs/api-contract.md, "Event booking"), with the same conventions as ours, so the console talks to it through
 * ra-data-graphql-simple and its own transport as it talks to the server.
 */
const SDL = `
  scalar DateTime
  enum PostStatus { Authorised UnAuthorised }
  enum BookingQuestionKind { ShortText YesNo Choice }
  enum BookingStatus { Held Confirmed Cancelled Refunded Waitlisted Offered CheckedIn }
  type ListMetadata { count: Int! }
  type PostCategory { id: ID! name: String! }
  type BookingQuestion { id: String! label: String! kind: BookingQuestionKind! choices: [String!]! required: Boolean! }
  type BookingSettings {
    opensAt: DateTime closesAt: DateTime capacity: Int! perBookingLimit: Int! waitlist: Boolean! price: Float! currency: String!
    cancellationHours: Int! questions: [BookingQuestion!]!
  }
  type BookingOccurrence { postId: ID! start: DateTime! end: DateTime capacity: Int! placesLeft: Int! open: Boolean! full: Boolean! waitlist: Boolean! cancelled: Boolean! }
  type Post {
    id: ID! name: String! body: String! excerpt: String! image: String categoryId: ID! status: PostStatus! createdAt: String!
    startsAt: DateTime endsAt: DateTime location: String onlineUrl: String recurrence: String
    booking: BookingSettings bookingOccurrences(limit: Int = 12): [BookingOccurrence!]! nextStartsAt: DateTime nextEndsAt: DateTime
  }
  type BookingAnswer { questionId: String! label: String! answer: String! }
  type BookingCheckout { orderID: String approveUrl: String }
  type Booking {
    id: ID! reference: String! status: BookingStatus! postId: ID! postName: String! occurrenceStart: DateTime! occurrenceEnd: DateTime location: String
    places: Int! names: [String!]! answers: [BookingAnswer!]! amount: Float! currency: String! holdExpiresAt: DateTime offerExpiresAt: DateTime
    checkedInAt: DateTime cancelledAt: DateTime createdAt: DateTime! checkout: BookingCheckout bookerName: String! email: String! ticket: String
    ticketQr: String canCancel: Boolean!
  }
  type BookingCounts { capacity: Int! booked: Int! held: Int! checkedIn: Int! waiting: Int! placesLeft: Int! }
  input PostFilter { ids: [ID!] q: String categoryId: ID status: PostStatus upcoming: Boolean }
  input PostCategoryFilter { ids: [ID!] q: String }
  input BookingFilter { ids: [ID!] q: String postId: ID occurrenceStart: DateTime status: BookingStatus }
  type Query {
    Post(id: ID!): Post
    allPosts(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): [Post!]!
    _allPostsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): ListMetadata
    PostCategory(id: ID!): PostCategory
    allPostCategories(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): [PostCategory!]!
    _allPostCategoriesMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): ListMetadata
    Booking(id: ID!): Booking
    allBookings(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: BookingFilter): [Booking!]!
    _allBookingsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: BookingFilter): ListMetadata
    bookingCounts(postId: ID!, occurrenceStart: DateTime!): BookingCounts!
  }
  type Mutation {
    checkInBooking(reference: String!): Booking!
    cancelBooking(id: ID!, token: String): Booking!
    refundBooking(id: ID!): Booking!
    cancelOccurrence(postId: ID!, occurrenceStart: DateTime!, message: String): Int!
    messageBookers(postId: ID!, occurrenceStart: DateTime!, subject: String!, body: String!): Int!
  }
`;

export const START = '2026-12-03T19:30:00.000Z';
const NEXT_WEEK = '2026-12-10T19:30:00.000Z';

const QUIZ_NIGHT_BOOKING = {
  opensAt: null, closesAt: null, capacity: 40, perBookingLimit: 6, waitlist: true, price: 5, currency: 'GBP', cancellationHours: 48,
  questions: [{ id: 'dietary', label: 'Dietary needs', kind: 'ShortText', choices: [], required: false }],
};

type Row = Record<string, unknown>;
export type Call = { operation: string; query: string; variables: Record<string, unknown> };

const bad = (field: string, message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', field } });

export function createBookingsApi() {
  const schema = buildSchema(SDL);
  const posts: Row[] = [
    {
      id: '1', name: 'Quiz night', body: '<p>Teams of six</p>', excerpt: 'Teams of six', image: null, categoryId: '1', status: 'Authorised', createdAt: '2026-10-01T10:00:00Z',
      startsAt: START, endsAt: null, location: 'Main hall', onlineUrl: null, recurrence: null, booking: QUIZ_NIGHT_BOOKING,
      // The door is open: the date has started, so it is no longer a coming one.
      nextStartsAt: START, nextEndsAt: null, bookingOccurrences: [{ postId: '1', start: NEXT_WEEK, end: null, capacity: 40, placesLeft: 40, open: true, full: false, waitlist: true, cancelled: false }],
    },
  ];
  const booking = (row: Row): Row => ({
    postId: '1', postName: 'Quiz night', occurrenceStart: START, occurrenceEnd: null, location: 'Main hall', amount: 0, currency: 'GBP', holdExpiresAt: null,
    offerExpiresAt: null, checkedInAt: null, cancelledAt: null, createdAt: '2026-11-01T10:00:00Z', checkout: null, ticket: null, ticketQr: null, canCancel: true,
    answers: [], ...row,
  });
  const bookings: Row[] = [
    booking({ id: '11', reference: 'BK-ADA12345', status: 'Confirmed', places: 2, names: ['Ada Lovelace', 'Charles Babbage'], bookerName: 'Ada Lovelace', email: 'ada@example.org', amount: 10,
      answers: [{ questionId: 'dietary', label: 'Dietary needs', answer: 'No nuts, please' }] }),
    booking({ id: '12', reference: 'BK-GRACE678', status: 'CheckedIn', places: 1, names: ['Grace Hopper'], bookerName: 'Grace Hopper', email: 'grace@example.org', checkedInAt: '2026-12-03T18:02:00.000Z' }),
    booking({ id: '13', reference: 'BK-MARY0001', status: 'Waitlisted', places: 3, names: ['Mary Somerville'], bookerName: 'Mary Somerville', email: 'mary@example.org' }),
  ];
  const calls: Call[] = [];

  const find = (reference: string) => bookings.find((row) => row.reference === reference.replace(/\s/g, '').toUpperCase());
  const placesOf = (status: string) => bookings.filter((row) => row.status === status).reduce((sum, row) => sum + (row.places as number), 0);
  const matches = (row: Row, filter: Row = {}) =>
    (!filter.postId || row.postId === filter.postId) &&
    (!filter.status || row.status === filter.status) &&
    (!filter.q || `${String(row.bookerName)} ${String(row.reference)}`.toLowerCase().includes((filter.q as string).toLowerCase()));

  const rootValue = {
    Post: ({ id }: { id: string }) => posts.find((post) => post.id === id),
    allPosts: () => posts,
    _allPostsMeta: () => ({ count: posts.length }),
    allPostCategories: () => [{ id: '1', name: 'Programs' }, { id: '2', name: 'Testimonies' }, { id: '3', name: 'Blog' }],
    _allPostCategoriesMeta: () => ({ count: 3 }),
    PostCategory: ({ id }: { id: string }) => ({ id, name: 'Programs' }),
    Booking: ({ id }: { id: string }) => bookings.find((row) => row.id === id),
    allBookings: ({ filter }: { filter?: Row }) => bookings.filter((row) => matches(row, filter)),
    _allBookingsMeta: ({ filter }: { filter?: Row }) => ({ count: bookings.filter((row) => matches(row, filter)).length }),
    bookingCounts: () => ({ capacity: 40, booked: placesOf('Confirmed') + placesOf('CheckedIn'), held: 0, checkedIn: placesOf('CheckedIn'), waiting: placesOf('Waitlisted'), placesLeft: 37 }),
    checkInBooking: ({ reference }: { reference: string }) => {
      const row = find(reference);
      if (!row) throw bad('reference', 'No booking has that reference');
      if (row.status === 'CheckedIn') throw new GraphQLError('Already checked in at 18:02', { extensions: { code: 'CONFLICT' } });
      if (row.status !== 'Confirmed') throw new GraphQLError('This booking is on the waiting list', { extensions: { code: 'CONFLICT' } });
      Object.assign(row, { status: 'CheckedIn', checkedInAt: new Date().toISOString() });
      return row;
    },
    cancelBooking: ({ id }: { id: string }) => Object.assign(bookings.find((row) => row.id === id)!, { status: (bookings.find((row) => row.id === id)!.amount as number) > 0 ? 'Refunded' : 'Cancelled' }),
    refundBooking: ({ id }: { id: string }) => Object.assign(bookings.find((row) => row.id === id)!, { status: 'Refunded' }),
    cancelOccurrence: () => bookings.filter((row) => row.status !== 'Cancelled').length,
    messageBookers: () => bookings.filter((row) => row.status === 'Confirmed' || row.status === 'CheckedIn').length,
  };

  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const { query, variables = {}, operationName } = JSON.parse(init?.body as string) as { query: string; variables?: Record<string, unknown>; operationName?: string };
    const named = operationName ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    calls.push({ operation: named ?? (query.includes('__schema') ? 'IntrospectionQuery' : 'anonymous'), query, variables });
    return Response.json(await graphql({ schema, source: query, variableValues: variables, rootValue }));
  };

  return { fetch, calls, bookings };
}
