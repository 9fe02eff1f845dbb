import { data } from 'react-router';
import { loadPublic, type GraphqlCaller } from '../../lib/graphql';
import type { ImageFields } from '../../components/responsive-image';

/** Post categories are fixed by id (spec §9). */
export const CATEGORY = { programs: 1, testimonies: 2, blog: 3 } as const;

export const POST_CARD_FIELDS = 'id name excerpt image imageSrcSet imageWidth imageHeight createdAt updatedAt author { title firstname lastname } startsAt nextStartsAt nextEndsAt location onlineUrl recurrence recurrenceText';

export type PostAuthor = { title: string; firstname: string; lastname: string };

export type PostCardData = ImageFields & {
  id: string;
  name: string;
  excerpt: string | null;
  createdAt: string;
  updatedAt: string;
  author: PostAuthor | null;
} & ProgramEvent;

/** When and where a program happens (null on undated programs and other posts). */
export type ProgramEvent = {
  startsAt: string | null;
  nextStartsAt: string | null;
  nextEndsAt: string | null;
  location: string | null;
  onlineUrl: string | null;
  recurrence: string | null;
  recurrenceText: string | null;
};

export type PostDetail = PostCardData & {
  body: string;
  categoryId: string;
  category: { id: string; name: string } | null;
};

const POSTS_PAGE = `query PostsPage($filter: PostFilter!, $page: Int!, $perPage: Int!, $sortField: String, $sortOrder: String) {
  posts: allPosts(filter: $filter, page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder) { ${POST_CARD_FIELDS} }
  meta: _allPostsMeta(filter: $filter) { count }
}`;

const POST = `query PostPage($id: ID!) {
  post: Post(id: $id) { ${POST_CARD_FIELDS} body categoryId category { id name } }
}`;

export const POSTS_PER_PAGE = 12;

/** The 1-based page number of a list URL (`?page=2`); anything odd is page 1. */
export function pageNumber(request: Request): number {
  const raw = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
}

/** Programs: those not over yet by next occurrence (then undated ones, newest first), or those that are over, latest first. */
export type ProgramsView = 'upcoming' | 'past';

const PROGRAM_VIEWS: Record<ProgramsView, { upcoming: boolean; sortField: string; sortOrder: string }> = {
  upcoming: { upcoming: true, sortField: 'nextStartsAt', sortOrder: 'ASC' },
  past: { upcoming: false, sortField: 'nextStartsAt', sortOrder: 'DESC' },
};

/** One page of a category's posts, newest first (or a view of programs), and how many pages there are. */
export async function loadPostsPage(graphql: GraphqlCaller, categoryId: number, page: number, view?: ProgramsView, perPage = POSTS_PER_PAGE) {
  const order = view ? PROGRAM_VIEWS[view] : undefined;
  const result = await loadPublic<{ posts: PostCardData[]; meta: { count: number } }>(graphql, POSTS_PAGE, {
    filter: { categoryId: String(categoryId), ...(order && { upcoming: order.upcoming }) },
    page: page - 1,
    perPage,
    sortField: order?.sortField,
    sortOrder: order?.sortOrder,
  });
  const count = result.meta?.count ?? 0;
  return { posts: result.posts ?? [], page, pages: Math.max(1, Math.ceil(count / perPage)) };
}

export async function loadPost(graphql: GraphqlCaller, id: string): Promise<PostDetail> {
  if (!/^\d{1,12}$/.test(id)) throw data('Not found', { status: 404 });
  const { post } = await loadPublic<{ post: PostDetail | null }>(graphql, POST, { id });
  if (!post) throw data('Not found', { status: 404 });
  return post;
}

export const authorName = (author: PostAuthor | null) => (author ? `${author.title} ${author.firstname} ${author.lastname}` : '');

/** The server answers a testimony's author as the author's consent says (full name, first name or "Anonymous"): shown as given. */
export const testimonyAuthor = (author: PostAuthor | null) => (author ? [author.firstname, author.lastname].filter(Boolean).join(' ') : 'A member of our church');
