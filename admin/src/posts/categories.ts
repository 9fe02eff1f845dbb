import { listUrl } from '../common/links';
import { CATEGORY } from '../data/resources';

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
