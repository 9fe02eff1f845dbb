import { buildSchema, graphql, GraphQLError } from 'graphql';

/**
 * A small GraphQL server in memory, speaking the same conventions as ours (ra-data-graphql-simple names,
 * `extensions.code` on errors), so the data provider is exercised with real introspection and real
 * queries, only without the network.
 */
const SDL = `
  enum PostStatus { Authorised UnAuthorised }
  type PostCategory { id: ID! name: String! }
  type PostAuthor { id: ID! firstname: String! lastname: String! }
  type Post {
    id: ID! name: String! body: String! excerpt: String! image: String categoryId: ID! category: PostCategory
    author: PostAuthor status: PostStatus! createdAt: String!
  }
  type ListMetadata { count: Int! }
  enum RequestStatus { New InProgress Waiting Closed }
  enum CareEventType { Note RequesterAnswer StatusChange Assignment Reply }
  type StaffMember { id: ID! firstname: String! lastname: String! }
  type CareEvent { id: ID! type: CareEventType! body: String author: StaffMember fromStatus: RequestStatus toStatus: RequestStatus assignee: StaffMember createdAt: String! }
  type CareRequest {
    id: ID! kind: String! recordId: ID! status: RequestStatus! subject: String! requesterName: String! requesterEmail: String
    message: String! assigneeId: ID assignee: StaffMember createdAt: String! lastReplyAt: String overdue: Boolean! timeline: [CareEvent!]!
  }
  input CareRequestFilter { ids: [ID!] q: String overdue: Boolean }
  input PostFilter { ids: [ID!] q: String categoryId: ID status: PostStatus }
  input PostCategoryFilter { ids: [ID!] q: String }
  type Query {
    CareRequest(id: ID!): CareRequest
    allCareRequests(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: CareRequestFilter): [CareRequest!]!
    _allCareRequestsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: CareRequestFilter): ListMetadata
    careTeam: [StaffMember!]!
    Post(id: ID!): Post
    allPosts(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): [Post!]!
    _allPostsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): ListMetadata
    PostCategory(id: ID!): PostCategory
    allPostCategories(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): [PostCategory!]!
    _allPostCategoriesMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): ListMetadata
  }
  type Mutation {
    updateCareRequest(id: ID!, status: RequestStatus, assigneeId: ID): CareRequest!
    addCareNote(id: ID!, body: String!, fromRequester: Boolean): CareEvent!
    replyToCareRequest(id: ID!, body: String!): CareEvent!
    createPost(name: String!, body: String!, image: String, categoryId: ID!, status: PostStatus): Post!
    updatePost(id: ID!, name: String, body: String, image: String, categoryId: ID, status: PostStatus): Post!
    deletePost(id: ID!): Post!
  }
`;

/** Input filters as graphql-js hands them over: `ID` values are always coerced to strings. */
type PostFilter = { ids?: string[]; q?: string; categoryId?: string; status?: string };
type Post = { id: string; name: string; body: string; excerpt: string; image: string | null; categoryId: string; status: string; createdAt: string };
export type Call = { operation: string; query: string; variables: Record<string, unknown>; authorization: string | null };

export function createFakeApi() {
  const schema = buildSchema(SDL);
  const posts: Post[] = [
    { id: '1', name: 'Sunday service', body: '<p>Come</p>', excerpt: 'Come', image: null, categoryId: '1', status: 'Authorised', createdAt: '2025-01-01T10:00:00Z' },
    { id: '2', name: 'Healed', body: '<p>Thanks</p>', excerpt: 'Thanks', image: null, categoryId: '2', status: 'UnAuthorised', createdAt: '2025-01-02T10:00:00Z' },
  ];
  const pastor = { id: '7', firstname: 'Grace', lastname: 'Adeyemi' };
  type CareRequest = { id: string; status: string; assigneeId: string | null; lastReplyAt: string | null; timeline: Record<string, unknown>[] } & Record<string, unknown>;
  const careRequests: CareRequest[] = [
    {
      id: 'ContactEnquiry-1', kind: 'ContactEnquiry', recordId: '1', status: 'New', subject: 'Counselling', requesterName: 'Lydia Thyatira', requesterEmail: 'lydia@example.net',
      message: 'Could someone pray with me?', assigneeId: null, createdAt: '2025-01-01T10:00:00Z', lastReplyAt: null, overdue: true, timeline: [],
    },
  ];
  const careRequest = (id: string) => careRequests.find((request) => request.id === id);
  /** Adds an event, as the server does, with the pastor as its author. */
  const record = (request: CareRequest, event: Record<string, unknown>) => {
    const stored = { id: String(request.timeline.length + 1), author: pastor, body: null, fromStatus: null, toStatus: null, assignee: null, createdAt: new Date().toISOString(), ...event };
    request.timeline.push(stored);
    return stored;
  };
  const calls: Call[] = [];
  /** Tokens the fake accepts; any other token gets UNAUTHENTICATED. */
  const validTokens = new Set(['admin-token']);
  let introspectionStatus = 200;

  const unauthenticated = () => new GraphQLError('Please log in', { extensions: { code: 'UNAUTHENTICATED' } });
  const matches = (post: Post, filter: PostFilter = {}) =>
    (!filter.categoryId || post.categoryId === filter.categoryId) && (!filter.status || post.status === filter.status) && (!filter.ids || filter.ids.includes(post.id));

  const rootValue = {
    CareRequest: ({ id }: { id: string }) => careRequest(id),
    allCareRequests: () => careRequests,
    _allCareRequestsMeta: () => ({ count: careRequests.length }),
    careTeam: () => [pastor],
    updateCareRequest: ({ id, status, assigneeId }: { id: string; status?: string; assigneeId?: string | null }) => {
      const request = careRequest(id)!;
      if (status) {
        record(request, { type: 'StatusChange', fromStatus: request.status, toStatus: status });
        request.status = status;
      }
      if (assigneeId !== undefined) {
        request.assigneeId = assigneeId;
        request.assignee = assigneeId ? pastor : null;
        record(request, { type: 'Assignment', assignee: request.assignee });
      }
      return request;
    },
    addCareNote: ({ id, body, fromRequester }: { id: string; body: string; fromRequester?: boolean }) => record(careRequest(id)!, { type: fromRequester ? 'RequesterAnswer' : 'Note', body }),
    replyToCareRequest: ({ id, body }: { id: string; body: string }) => {
      const request = careRequest(id)!;
      request.lastReplyAt = new Date().toISOString();
      return record(request, { type: 'Reply', body });
    },
    allPosts: ({ filter }: { filter?: PostFilter }) => posts.filter((post) => matches(post, filter)),
    _allPostsMeta: ({ filter }: { filter?: PostFilter }) => ({ count: posts.filter((post) => matches(post, filter)).length }),
    Post: ({ id }: { id: string }) => posts.find((post) => post.id === id),
    allPostCategories: () => [{ id: '1', name: 'Programs' }, { id: '2', name: 'Testimonies' }, { id: '3', name: 'Blog' }],
    _allPostCategoriesMeta: () => ({ count: 3 }),
    createPost: (args: Omit<Post, 'id' | 'excerpt' | 'createdAt'>) => {
      if (!args.name.trim()) throw new GraphQLError('name is required', { extensions: { code: 'BAD_USER_INPUT', field: 'name' } });
      const post = { ...args, id: String(posts.length + 1), excerpt: args.body, image: args.image ?? null, status: args.status ?? 'Authorised', createdAt: new Date().toISOString() };
      posts.push(post);
      return post;
    },
    updatePost: ({ id, ...changes }: Partial<Post> & { id: string }) => {
      const post = posts.find((candidate) => candidate.id === id);
      if (!post) throw new GraphQLError('Post not found', { extensions: { code: 'NOT_FOUND' } });
      Object.assign(post, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
      return post;
    },
  };

  const fetch: typeof globalThis.fetch = async (_url, init) => {
    // Apollo's HttpLink always posts the operation as a JSON string.
    if (typeof init?.body !== 'string') throw new TypeError(`Expected a JSON body, got ${typeof init?.body}`);
    const { query, variables = {}, operationName } = JSON.parse(init.body) as { query: string; variables?: Record<string, unknown>; operationName?: string };
    const authorization = new Headers(init?.headers).get('authorization');
    const introspection = query.includes('__schema');
    calls.push({ operation: operationName ?? (introspection ? 'IntrospectionQuery' : 'anonymous'), query, variables, authorization });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (introspection && introspectionStatus !== 200) {
      return json({ errors: [{ message: 'Schema introspection is only available to admins', extensions: { code: 'FORBIDDEN' } }] }, introspectionStatus);
    }
    if (!introspection && !validTokens.has(authorization?.replace('Bearer ', '') ?? '')) {
      return json({ data: null, errors: [unauthenticated().toJSON()] });
    }
    return json(await graphql({ schema, source: query, variableValues: variables, rootValue }));
  };

  return {
    fetch,
    calls,
    posts,
    careRequests,
    validTokens,
    refuseIntrospection(status: number) {
      introspectionStatus = status;
    },
  };
}
