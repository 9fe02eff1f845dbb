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
  input PostFilter { ids: [ID!] q: String categoryId: ID status: PostStatus }
  input PostCategoryFilter { ids: [ID!] q: String }
  type Query {
    Post(id: ID!): Post
    allPosts(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): [Post!]!
    _allPostsMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): ListMetadata
    PostCategory(id: ID!): PostCategory
    allPostCategories(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): [PostCategory!]!
    _allPostCategoriesMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostCategoryFilter): ListMetadata
  }
  type Mutation {
    createPost(name: String!, body: String!, image: String, categoryId: ID!, status: PostStatus): Post!
    updatePost(id: ID!, name: String, body: String, image: String, categoryId: ID, status: PostStatus): Post!
    deletePost(id: ID!): Post!
  }
`;

/** Input filters as graphql-js hands them over: `ID` values are always coerced to strings. */
type PostFilter = { ids?: string[]; q?: string; categoryId?: string; status?: string };
type Post = { id: string; name: string; body: string; excerpt: string; image: string | null; categoryId: string; status: string; createdAt: string };
export type Call = { operation: string; variables: Record<string, unknown>; authorization: string | null };

export function createFakeApi() {
  const schema = buildSchema(SDL);
  const posts: Post[] = [
    { id: '1', name: 'Sunday service', body: '<p>Come</p>', excerpt: 'Come', image: null, categoryId: '1', status: 'Authorised', createdAt: '2025-01-01T10:00:00Z' },
    { id: '2', name: 'Healed', body: '<p>Thanks</p>', excerpt: 'Thanks', image: null, categoryId: '2', status: 'UnAuthorised', createdAt: '2025-01-02T10:00:00Z' },
  ];
  const calls: Call[] = [];
  /** Tokens the fake accepts; any other token gets UNAUTHENTICATED. */
  const validTokens = new Set(['admin-token']);
  let introspectionStatus = 200;

  const unauthenticated = () => new GraphQLError('Please log in', { extensions: { code: 'UNAUTHENTICATED' } });
  const matches = (post: Post, filter: PostFilter = {}) =>
    (!filter.categoryId || post.categoryId === filter.categoryId) && (!filter.status || post.status === filter.status) && (!filter.ids || filter.ids.includes(post.id));

  const rootValue = {
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
    calls.push({ operation: operationName ?? (introspection ? 'IntrospectionQuery' : 'anonymous'), variables, authorization });
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
    validTokens,
    refuseIntrospection(status: number) {
      introspectionStatus = status;
    },
  };
}
