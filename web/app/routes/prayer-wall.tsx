import { useState } from 'react';
import { Link, type ShouldRevalidateFunction } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageNumber, Pagination } from '../features/posts';
import { loadPrayerWall, PrayerWallCard, prayFor, type PrayedAnswer } from '../features/prayer-wall';
import { browserGraphql, serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import { clearLocalState } from '../lib/session';
import type { Route } from './+types/prayer-wall';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPrayerWall(serverGraphql(context), pageNumber(request));
}

/** "I prayed" before JavaScript has loaded: counted once a day per address, as the server sees the visitor. */
export async function action({ context, request }: Route.ActionArgs) {
  return prayFor(serverGraphql(context), await request.formData());
}

/** "I prayed" in the browser carries the member's token, so a member is counted once a day wherever they are. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  let signedOut = false;
  const answer = await prayFor(
    browserGraphql(() => {
      signedOut = true;
      clearLocalState();
    }),
    form,
  );
  // A token the server no longer accepts must not stop a prayer: the session is forgotten and it counts as a visitor's.
  return signedOut ? prayFor(browserGraphql(), form) : answer;
}

/** A prayer answers its own new count: the rest of the wall need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => formMethod !== 'POST' && defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Prayer wall', 'Pray with our church family: prayer requests our members chose to share, each approved by a pastor. Let them know you prayed.');

export default function PrayerWall({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  // Each answer is kept by request, so praying for a second one does not lose the first one's thanks and count.
  const [answers, setAnswers] = useState<{ last?: PrayedAnswer; byId: Record<string, PrayedAnswer> }>({ byId: {} });
  if (actionData && actionData !== answers.last) setAnswers({ last: actionData, byId: { ...answers.byId, [actionData.id]: actionData } });
  const answerFor = (id: string) => (actionData?.id === id ? actionData : answers.byId[id]);
  return (
    <>
      <PageIntro eyebrow="Prayer" title="Prayer wall" lead="Prayer requests our members chose to share, each approved by a pastor. Pray with them, then press “I prayed” so they know." />
      <section className="section" aria-label="Prayer requests">
        {entries.length ? (
          <div className="prayer-wall">
            {entries.map((entry) => (
              <PrayerWallCard key={entry.id} entry={entry} answer={answerFor(entry.id)} />
            ))}
          </div>
        ) : (
          <p>There are no prayer requests on the wall just now. When a member shares a request for the wall and a pastor approves it, it appears here.</p>
        )}
        <Pagination page={page} pages={pages} path="/prayer-wall" />
        <p className="section-cta">
          <Link className="button primary" to="/user/prayer-request">
            Ask us to pray for you
          </Link>
        </p>
      </section>
    </>
  );
}
