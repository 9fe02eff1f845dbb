import { listUrl } from '../common/links';

/** The fixed post categories of the spec; testimonies are a resource of their own (see ../resources.ts). */
export const CATEGORY = { programs: '1', testimonies: '2', blog: '3' } as const;

/** The posts screens named after the fixed categories (spec: 1 programs, 2 testimonies, 3 blog). */
export const POST_SCREEN_TITLES: Record<string, string> = {
  [CATEGORY.blog]: 'Blog posts',
  [CATEGORY.programs]: 'Program posts',
  [CATEGORY.testimonies]: 'Testimonies',
};

/** The list URL of one category's posts, as the menu and the legacy paths use it. */
export const postsOfCategory = (categoryId: string) => listUrl('posts', { categoryId });

/** The create URL with the category already chosen. */
export const newPostOfCategory = (categoryId: string) => `/posts/create?source=${encodeURIComponent(JSON.stringify({ categoryId }))}`;
