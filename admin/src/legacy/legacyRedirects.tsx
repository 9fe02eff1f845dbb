import { Navigate, Route, useSearchParams } from 'react-router';
import { listUrl } from '../common/links';
import { CATEGORY, newPostOfCategory, postsOfCategory } from '../posts/categories';

type Target = string | ((id: string | undefined) => string);

const recordOr = (resource: string, screen: '' | '/show') => (id: string | undefined) => (id ? `/${resource}/${id}${screen}` : `/${resource}`);

/**
 * The admin pages of the old site (spec §2, under /admin) and the console screen each one now lives at.
 * Details and edit pages open the record when the old link carried `?id=`, else the list.
 */
export const LEGACY_ADMIN_PATHS: Record<string, Target> = {
  'admin-dashboard': '/',
  'create-blog-post': newPostOfCategory(CATEGORY.blog),
  'create-program-post': newPostOfCategory(CATEGORY.programs),
  'all-program-posts': postsOfCategory(CATEGORY.programs),
  'add-post-category': '/post-categories/create',
  'all-post-categories': '/post-categories',
  'add-post': '/posts/create',
  'all-posts': listUrl('posts', {}),
  'edit-post': recordOr('posts', ''),
  'add-video-post': '/videos/create',
  'all-videos': '/videos',
  'update-video': recordOr('videos', ''),
  'all-prayer-requests': '/prayer-requests',
  'all-contacts': '/contact-enquiries',
  'contact-details': recordOr('contact-enquiries', '/show'),
  'all-questions': '/questions',
  'question-details': recordOr('questions', '/show'),
  'all-counselling': '/counselling-requests',
  'counselling-details': recordOr('counselling-requests', '/show'),
  'all-baptism': '/baptism-requests',
  'baptism-details': recordOr('baptism-requests', '/show'),
  'add-slider-image': '/slider-images/create',
  'slider-images': '/slider-images', // the console's own path: no redirect needed
  'update-slider-image': recordOr('slider-images', ''),
  'add-book': '/books/create',
  'visit-ancc-image': '/visit-images',
  'add-visit-ancc-image': '/visit-images/create',
  'update-visit-ancc-image': recordOr('visit-images', ''),
  'zoom-image': '/meeting-images',
  'add-zoom-image': '/meeting-images/create',
  'update-zoom-image': recordOr('meeting-images', ''),
  'all-donations': '/donations',
  'all-testimonies': '/testimonies',
  'edit-testimony': recordOr('testimonies', ''),
  'all-bookshop-orders': '/book-orders',
};

export const legacyTarget = (target: Target, id: string | null): string =>
  typeof target === 'string' ? target : target(id && /^\d+$/.test(id) ? id : undefined);

const LegacyRedirect = ({ target }: { target: Target }) => {
  const [params] = useSearchParams();
  return <Navigate to={legacyTarget(target, params.get('id'))} replace />;
};

/**
 * Routes for `<CustomRoutes noLayout>`: each old path sends the browser on to its console screen. A path the
 * console already uses for the same screen gets no route, or it would redirect to itself for ever.
 */
export const legacyRedirectRoutes = Object.entries(LEGACY_ADMIN_PATHS)
  .filter(([path, target]) => target !== `/${path}`)
  .map(([path, target]) => <Route key={path} path={`/${path}`} element={<LegacyRedirect target={target} />} />);
