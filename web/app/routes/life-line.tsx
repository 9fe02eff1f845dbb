import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import { useSiteSettings } from '../lib/site-settings';
import type { Route } from './+types/life-line';
import '../styles/content.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Life line', 'Going through a hard time? You are not alone. Reach out for prayer, a listening ear and practical help.');

export default function LifeLine() {
  const settings = useSiteSettings();
  return (
    <>
      <PageIntro eyebrow="Life line" title="You are not alone" lead="When life is overwhelming, reach out. Our pastors and prayer team are here to listen, pray and help." />
      <section className="section narrow prose">
        <p>
          Grief, loneliness, illness, money worries, a marriage under strain, a question you cannot shake off: whatever you are facing, you do not have to face
          it alone. Jesus said, “Come to me, all you who are weary and burdened, and I will give you rest” (Matthew 11:28).
        </p>
        <h2>How we can help</h2>
        <ul>
          <li>Someone to listen to you in confidence, without judgement.</li>
          <li>Prayer with you, in person, by phone or online.</li>
          <li>Pastoral counselling with one of our trained counsellors.</li>
          <li>Practical help, and connection with local services when you need more support.</li>
        </ul>
        <aside className="callout" aria-label="In an emergency">
          <p>
            <strong>If you are in danger or thinking about ending your life, call 999 now</strong>, or call Samaritans free, day or night, on{' '}
            <a href="tel:116123">116 123</a>.
          </p>
        </aside>
        <p>
          You can call us on <a href={settings.phoneUri ?? undefined}>{settings.phone}</a>, or send us a message and we will get back to you.
        </p>
        <p className="actions">
          <Link className="button primary" to="/contact-us">
            Contact us
          </Link>
        </p>
      </section>
    </>
  );
}
