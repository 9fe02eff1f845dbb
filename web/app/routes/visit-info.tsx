import { Link } from 'react-router';
import { VisitBlock, type VisitImage } from '../features/home';
import { ChurchAddress } from '../components/church-address';
import { PageIntro } from '../components/page-intro';
import { loadPublic, serverGraphql } from '../lib/graphql';
import { churchLd, JsonLd } from '../features/site';
import { useSiteSettings } from '../lib/site-settings';
import { pageMeta, siteNameOf } from '../lib/meta';
import type { Route } from './+types/visit-info';
import '../styles/content.css';

const VISIT = 'query VisitInfo { visit: allVisitImages(perPage: 1) { id title image imageSrcSet imageWidth imageHeight } }';

export async function loader({ context }: Route.LoaderArgs) {
  const { visit } = await loadPublic<{ visit: VisitImage[] }>(serverGraphql(context), VISIT);
  return { image: visit?.[0], publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Plan your visit', `Service times, directions and what to expect when you visit ${siteNameOf(matches) || 'our church'}.`);

const expectations = [
  { title: 'A warm welcome', text: 'Our welcome team will meet you at the door, help you find a seat and answer any questions.' },
  { title: 'Worship and the word', text: 'Our Sunday service has lively worship, prayer and a message from the Bible, and lasts about two and a half hours.' },
  { title: 'Children and young people', text: 'Children are welcome in the service, and a children’s church runs during the sermon.' },
  { title: 'Stay for tea', text: 'After the service, stay for tea and refreshments and meet the church family.' },
];

export default function VisitInfo({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <>
      <JsonLd data={churchLd(settings, loaderData.publicUrl)} />
      <PageIntro eyebrow="Visit us" title="Plan your visit" lead="We would love to meet you. Here is everything you need to know before your first Sunday." />
      <VisitBlock image={loaderData.image} />
      <section className="section tinted" aria-labelledby="expect-heading">
        <h2 id="expect-heading">What to expect</h2>
        <ul className="feature-grid">
          {expectations.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section narrow">
        <h2>Finding us</h2>
        <ChurchAddress />
        <p>
          See the map and send us a message on our <Link to="/contact-us">contact page</Link>, or call us on <a href={settings.phoneUri ?? undefined}>{settings.phone}</a>.
        </p>
      </section>
    </>
  );
}
