import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { WeeklySchedule } from '../components/weekly-schedule';
import { pageMeta } from '../lib/meta';
import { siteConfig } from '../site-config';
import type { Route } from './+types/service-times';

export const meta: Route.MetaFunction = () => pageMeta('Service times', 'Sunday service at 10am, night vigil, online prayer and bible study: when we meet.');

export default function ServiceTimes() {
  return (
    <>
      <PageIntro eyebrow="Join us" title="Service times" lead={siteConfig.doorsOpen} />
      <section className="section narrow">
        <h2>Services</h2>
        <dl className="times large">
          {siteConfig.serviceTimes.map((time) => (
            <div key={time.name}>
              <dt>{time.name}</dt>
              <dd>{time.when}</dd>
            </div>
          ))}
        </dl>
        <h2>Our week</h2>
        <WeeklySchedule />
        <p className="actions">
          <Link className="button primary" to="/visit-info">
            Plan your visit
          </Link>
        </p>
      </section>
    </>
  );
}
