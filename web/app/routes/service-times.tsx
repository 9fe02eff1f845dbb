import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { ServiceTimeList } from '../components/service-time-list';
import { WeeklySchedule } from '../components/weekly-schedule';
import { pageMeta } from '../lib/meta';
import { useSiteSettings } from '../lib/site-settings';
import type { Route } from './+types/service-times';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Service times', 'Sunday service at 10am, night vigil, online prayer and bible study: when we meet.');

export default function ServiceTimes() {
  const settings = useSiteSettings();
  return (
    <>
      <PageIntro eyebrow="Join us" title="Service times" lead={settings.doorsOpen} />
      <section className="section narrow">
        <h2>Services</h2>
        <ServiceTimeList large />
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
