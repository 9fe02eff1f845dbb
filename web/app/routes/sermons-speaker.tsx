import { loadSpeaker, profileMeta, SermonProfile, SPEAKER_PAGE } from '../features/sermons';
import { serverGraphql } from '../lib/graphql';
import type { Route } from './+types/sermons-speaker';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadSpeaker(serverGraphql(context), params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const speaker = loaderData?.profile;
  return profileMeta(SPEAKER_PAGE, matches, speaker, speaker?.name ?? '', speaker?.bio ?? '', `Sermons by ${speaker?.name}.`);
}

export default function SermonSpeaker({ loaderData }: Route.ComponentProps) {
  const { profile: speaker, sermons } = loaderData;
  return <SermonProfile kind={SPEAKER_PAGE} profile={speaker} title={speaker.name} text={speaker.bio} sermons={sermons} />;
}
