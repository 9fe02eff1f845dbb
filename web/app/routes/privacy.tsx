import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { loadRetentionSchedule } from '../features/notices/retention';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import { postalAddress, useSiteSettings } from '../lib/site-settings';
import type { Route } from './+types/privacy';
import '../styles/content.css';
import './privacy.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { retention: await loadRetentionSchedule(serverGraphql(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Privacy notice', 'What personal information we hold, why, for how long, and your rights.');

const WHAT_WE_COLLECT = [
  {
    what: 'Your account: name, title, gender, marital status, e-mail, phone and address',
    why: 'To run your member account and keep in touch with you.',
  },
  {
    what: 'Prayer requests and the replies to them',
    why: 'So our prayer team can pray for you. They may say something about your health, family or faith.',
  },
  {
    what: 'Testimonies',
    why: 'To publish them on this website, under the name you choose, only with your consent.',
  },
  {
    what: 'Contact enquiries, questions, counselling and baptism requests',
    why: 'To answer you and to give you the pastoral care you ask for.',
  },
  {
    what: 'Donations, book orders and Gift Aid declarations',
    why: 'To take payment, keep the church’s accounts and claim Gift Aid from HMRC.',
  },
  {
    what: 'When and from which internet address you signed in',
    why: 'To keep your account safe.',
  },
  {
    what: 'Which staff member read or exported a record',
    why: 'So we can show that care records are only read by those who need to.',
  },
];

/** A table of the notice: a heading per column, the first cell of each row naming it. */
function NoticeTable({ headings, rows }: { headings: string[]; rows: string[][] }) {
  return (
    <table className="notice-table">
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]}>
            {row.map((cell, index) => (
              <td key={headings[index]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PrivacyNotice({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const address = postalAddress(settings);
  const email = settings.emails[0]?.address;
  return (
    <>
      <PageIntro
        eyebrow="Your data"
        title="Privacy notice"
        lead="What personal information we hold about you, why we hold it, for how long, and your rights."
      />
      <section className="section narrow prose">
        <h2>Who we are</h2>
        <p>
          {settings.name}
          {settings.charityNumber && `, a registered charity (number ${settings.charityNumber})`}, is responsible for the personal information described here.
        </p>
        {address.length > 0 && (
          <address>
            {address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        )}
        {email && (
          <p>
            For anything about your personal information, write to <a href={`mailto:${email}`}>{email}</a>.
          </p>
        )}

        <h2>What we collect and why</h2>
        <NoticeTable headings={['What we hold', 'Why']} rows={WHAT_WE_COLLECT.map((row) => [row.what, row.why])} />
        <p>We do not sell your information. Card and PayPal payments are taken by PayPal, which receives what it needs to take the payment.</p>

        <h2>Our lawful bases</h2>
        <ul>
          <li>
            <strong>Members and people in regular contact with us.</strong> What you share with us may reveal your religious beliefs or your health. We hold it
            under UK GDPR Article 9(2)(d): as a not-for-profit body with a religious aim, in the course of our legitimate activities, about our members and
            people in regular contact with us, and we do not pass it outside the church without your consent. Our legitimate interest in caring for our church
            family is the basis under Article 6.
          </li>
          <li>
            <strong>Publishing a testimony.</strong> Only with your explicit consent, given when you share it, for the name you choose. You can withdraw it at
            any time and the testimony is taken down at once.
          </li>
          <li>
            <strong>Donations and Gift Aid.</strong> The law requires us to keep records of donations and Gift Aid declarations for HMRC.
          </li>
          <li>
            <strong>Book orders.</strong> To fulfil the order you made with us.
          </li>
        </ul>

        <h2>How long we keep it</h2>
        {loaderData.retention.length ? (
          <NoticeTable headings={['Record', 'Kept for', 'Then']} rows={loaderData.retention.map((rule) => [rule.record, rule.period, rule.action])} />
        ) : (
          <p>Please ask us for our retention schedule.</p>
        )}
        <p>A job runs every day and applies this schedule.</p>

        <h2>Your rights</h2>
        <p>You have the right to:</p>
        <ul>
          <li>have a copy of the information we hold about you;</li>
          <li>have it corrected if it is wrong;</li>
          <li>have it deleted, except what the law makes us keep (for example Gift Aid records, for six years);</li>
          <li>object to, or ask us to limit, how we use it;</li>
          <li>withdraw a consent you have given, at any time.</li>
        </ul>
        <h3>How to use them</h3>
        <p>
          If you have an account, your <Link to="/user/privacy">privacy centre</Link> lets you download your data, withdraw consents and delete your account
          yourself.
        </p>
        <p>
          Otherwise, or for anything else, write to us
          {email && (
            <>
              {' '}
              at <a href={`mailto:${email}`}>{email}</a>
            </>
          )}
          {address.length > 0 && <> or by post to {address.join(', ')}</>}. We answer within one month.
        </p>

        <h2>If you are unhappy</h2>
        <p>Please tell us first, so we can put things right. You can also complain to the Information Commissioner’s Office (ICO):</p>
        <ul>
          <li>
            online at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a>
          </li>
          <li>
            by phone on <a href="tel:03031231113">0303 123 1113</a>
          </li>
        </ul>
      </section>
    </>
  );
}
