import { loadSeries, profileMeta, SermonProfile, SERIES_PAGE } from '../features/sermons';
import { serverGraphql } from '../lib/graphql';
import type { Route } from './+types/sermons-series';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadSeries(serverGraphql(context), params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const series = loaderData?.profile;
  return profileMeta(SERIES_PAGE, matches, series, series?.title ?? '', series?.description ?? '', `Sermons in the series ${series?.title}.`);
}

export default function SermonSeries({ loaderData }: Route.ComponentProps) {
  const { profile: series, sermons } = loaderData;
  return <SermonProfile kind={SERIES_PAGE} profile={series} title={series.title} text={series.description} sermons={sermons} />;
}
