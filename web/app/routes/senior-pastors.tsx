import { PageIntro } from '../components/page-intro';
import { loadPastors } from '../lib/site-settings';
import { pageMeta, siteNameOf } from '../lib/meta';
import type { Route } from './+types/senior-pastors';
import { serverGraphql } from '../lib/graphql';
import './senior-pastors.css';

/** The biographies come through the loader so their text is not part of every page's script. */
export async function loader({ context }: Route.LoaderArgs) {
  return { pastors: await loadPastors(serverGraphql(context)) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const names = loaderData?.pastors.map((pastor) => pastor.name).join(' and ') ?? 'our senior pastors';
  return pageMeta(matches, 'Our senior pastors', `Meet ${names}, the senior pastors of ${siteNameOf(matches) || 'our church'}.`);
}

export default function SeniorPastors({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="About us" title="Our senior pastors" lead="A husband and wife who love God, love people and love this city." />
      <section className="section">
        <div className="pastors">
          {loaderData.pastors.map((pastor) => (
            <article key={pastor.name} className="pastor">
              <img src={pastor.photo} alt={pastor.photoAlt} width="400" height="480" loading="lazy" />
              <div>
                <h2>{pastor.name}</h2>
                <p className="eyebrow">{pastor.role}</p>
                {pastor.biography.split(/\n\s*\n/).map((paragraph) => (
                  <p key={paragraph.slice(0, 24)}>{paragraph}</p>
                ))}
              </div>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
