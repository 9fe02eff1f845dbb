import { data, redirect } from 'react-router';
import type { Route } from './+types/sermons-old-addresses';

/**
 * The old video pages moved to the sermons: a permanent redirect keeps links and search results working. Only a
 * video's id moves; any other name under /videos (the server answers /videos/rss.xml itself) is not a page here.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return redirect('/sermons', 301);
  if (!/^\d{1,12}$/.test(params.id)) throw data('Not found', { status: 404 });
  return redirect(`/sermons/${params.id}`, 301);
}
