import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { useSiteSettings } from '../lib/site-settings';
import { pageMeta, siteNameOf } from '../lib/meta';
import type { Route } from './+types/about-us';
import '../styles/content.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'About us', `Who we are, what we believe and how ${siteNameOf(matches) || 'our church'} serves London.`);

const beliefs = [
  { title: 'The Bible', text: 'We believe the Bible is the inspired word of God, our guide for faith and for everyday life.' },
  { title: 'Jesus Christ', text: 'We believe Jesus is the Son of God, who died for our sins and rose again, and that everyone who trusts in him is saved by grace.' },
  { title: 'The Holy Spirit', text: 'We believe the Holy Spirit lives in every believer, comforts, guides and gives gifts for serving one another.' },
  { title: 'The church', text: 'We believe the church is a family: a place to belong, to grow, to be cared for and to serve our neighbours.' },
];

export default function AboutUs() {
  const settings = useSiteSettings();
  return (
    <>
      <PageIntro eyebrow="About us" title="A family of faith in London" lead={settings.description} />
      <section className="section narrow prose">
        <h2>Our story</h2>
        <p>
          {settings.name} began as a small prayer meeting in a front room and has grown into a church family from many nations, gathering every Sunday in East
          London and online through the week. Whatever your background, you will find people here who are glad you came.
        </p>
        <p>
          We exist to worship God, to make disciples of Jesus, and to serve our city with practical love: prayer and counselling for those who are hurting,
          support for families, and a welcome for newcomers to London.
        </p>
      </section>
      <section className="section tinted" aria-labelledby="beliefs-heading">
        <h2 id="beliefs-heading">What we believe</h2>
        <ul className="feature-grid">
          {beliefs.map((belief) => (
            <li key={belief.title}>
              <h3>{belief.title}</h3>
              <p>{belief.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section narrow">
        <h2>Meet our pastors</h2>
        <p>Our church is led by a husband and wife who have served this community for more than twenty years.</p>
        <p className="actions">
          <Link className="button primary" to="/senior-pastors">
            Our senior pastors
          </Link>
          <Link className="button ghost" to="/visit-info">
            Plan your visit
          </Link>
        </p>
      </section>
    </>
  );
}
