import { filtersOf, loadSermonsPage, SermonFilterForm, SermonGrid, SermonPages, sermonsUrl, Subscribe } from '../features/sermons';
import { pageNumber } from '../features/posts';
import { PageIntro } from '../components/page-intro';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/sermons';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadSermonsPage(serverGraphql(context), filtersOf(request), pageNumber(request));
}

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'Sermons (podcast)', href: '/podcast.xml' }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sermons', 'Watch or listen to our Sunday sermons: find them by series, speaker, book of the Bible or year.');

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { sermons, filters, filtered, page, pages, books, years, series, speakers } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Watch and listen" title="Sermons" lead="Teaching from the Bible, Sunday by Sunday: watch, listen or read." />
      <section className="section sermons-layout" aria-labelledby="sermons-heading">
        {/* Keyed by the URL, so the fields show the filters of the page shown, after "Clear filters" too. */}
        <SermonFilterForm key={sermonsUrl(filters)} filters={filters} series={series} speakers={speakers} books={books} years={years} />
        <div className="sermons-results">
          <h2 id="sermons-heading">{filtered ? 'Sermons found' : 'Newest sermons'}</h2>
          {sermons.length ? (
            <SermonGrid sermons={sermons} headingLevel={3} />
          ) : (
            <p role="status">{filtered ? 'No sermons match. Try fewer filters, or another search.' : 'There are no sermons yet. Please come back soon.'}</p>
          )}
          <SermonPages filters={filters} page={page} pages={pages} />
        </div>
      </section>
      <section className="section narrow">
        <Subscribe />
      </section>
    </>
  );
}
