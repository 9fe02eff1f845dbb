import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
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
        <table className="schedule">
          <caption className="visually-hidden">Weekly schedule</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">What</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {siteConfig.weeklySchedule.map((row) => (
              <tr key={`${row.day}-${row.activity}`}>
                <th scope="row">{row.day}</th>
                <td>{row.activity}</td>
                <td>{row.when}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="actions">
          <Link className="button primary" to="/visit-info">
            Plan your visit
          </Link>
        </p>
      </section>
    </>
  );
}
