import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import { useSiteSettings } from '../lib/site-settings';
import type { Route } from './+types/accessibility';
import '../styles/content.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Accessibility statement', 'How accessible this website is, and how to tell us about a problem.');

/** When this statement was written and last checked against the site; update both on each review. */
const PREPARED_ON = '23 November 2026';
const REVIEWED_ON = '25 November 2026';

/** An accessibility statement in the sections of the GOV.UK model statement. */
export default function AccessibilityStatement() {
  const settings = useSiteSettings();
  const email = settings.emails[0]?.address;
  return (
    <>
      <PageIntro eyebrow="Accessibility" title="Accessibility statement" lead={`For the website of ${settings.name}.`} />
      <section className="section narrow prose">
        <h2>Using this website</h2>
        <p>This website is run by {settings.name}. We want as many people as possible to be able to use it. For example, you should be able to:</p>
        <ul>
          <li>change colours, contrast levels and fonts using your browser or device settings;</li>
          <li>zoom in up to 400% without the text spilling off the screen;</li>
          <li>navigate the whole website using just a keyboard;</li>
          <li>navigate most of the website using speech recognition software;</li>
          <li>listen to most of the website using a screen reader.</li>
        </ul>
        <p>We have also made the text as simple as we can to understand.</p>
        <p>
          <a href="https://mcmw.abilitynet.org.uk/">AbilityNet</a> has advice on making your device easier to use if you have a disability.
        </p>

        <h2>How accessible this website is</h2>
        <p>We know some parts of this website are not fully accessible:</p>
        <ul>
          <li>some videos of our services come from YouTube and may not have accurate captions;</li>
          <li>the map on the contact page cannot be used with a screen reader, though our address and directions are also given as text;</li>
          <li>pictures in older blog posts and testimonies may not have a useful text description.</li>
        </ul>

        <h2>What we improved in November 2026</h2>
        <p>We tested the website, the member area and our staff console with a keyboard alone, on a phone-sized screen and a laptop, and fixed what we found:</p>
        <ul>
          <li>the header that stays at the top of the screen no longer hides the link, button or field you have moved to;</li>
          <li>the menu on a phone keeps your keyboard inside it while it is open, and Escape closes it and takes you back to the menu button; the menus on a larger screen close when you move on from them;</li>
          <li>when you open another page of the website, you start at its heading, which is read out;</li>
          <li>after you press “I prayed” on the prayer wall, you stay on the thanks, and the new count is read out;</li>
          <li>you can always see where you are with a keyboard, including on dark backgrounds and on cards, and the titles of videos are easier to read;</li>
          <li>forms tell you every problem at once, in plain words and in the order of the form, in a summary at the top that links to each field;</li>
          <li>creating an account signs you in straight away, and title, gender and marital status are optional, with “Prefer not to say”;</li>
          <li>deleting your account asks you to confirm first, with keeping it as the choice ready to press, and downloading your data tells you where the file went;</li>
          <li>the Gift Aid declaration asks each question in its own group, with tick boxes that look like tick boxes and fields your browser can fill in for you, and cancelling a declaration asks you to confirm first and tells you it is done;</li>
          <li>the page after a gift says how much you gave and what Gift Aid adds;</li>
          <li>
            in our staff console, every list opens with a keyboard, focus is clearly visible, each screen has a heading, the result of an action is read out, sending a reply or
            making a payment change asks first with the safe choice ready to press, Gift Aid’s date boxes take no day after today, the care inbox, payments, Gift Aid
            claims and declarations are simple lists on a phone, and the Save button no longer covers the field being edited.
          </li>
        </ul>

        <h2>Feedback and contact information</h2>
        <p>If you need information on this website in a different format, such as large print, easy read or an audio recording:</p>
        <ul>
          {email && (
            <li>
              e-mail <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
          {settings.phone && (
            <li>
              call <a href={settings.phoneUri ?? undefined}>{settings.phone}</a>
            </li>
          )}
          <li>
            or use our <Link to="/contact-us">contact form</Link>.
          </li>
        </ul>
        <p>We will consider your request and get back to you within 7 days.</p>

        <h2>Reporting accessibility problems with this website</h2>
        <p>
          We are always looking to improve the accessibility of this website. If you find a problem not listed on this page, or think we are not meeting
          accessibility requirements, please contact us in any of the ways above.
        </p>

        <h2>Enforcement procedure</h2>
        <p>
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies (Websites and Mobile Applications) (No. 2)
          Accessibility Regulations 2018. As a charity we are not bound by those regulations, but we follow them, and the Equality Act 2010 applies to us. If you
          are not happy with how we respond to your complaint, contact the{' '}
          <a href="https://www.equalityadvisoryservice.com/">Equality Advisory and Support Service (EASS)</a>.
        </p>

        <h2>Technical information about this website’s accessibility</h2>
        <p>{settings.name} is committed to making its website accessible, in line with the Web Content Accessibility Guidelines.</p>

        <h3>Compliance status</h3>
        <p>
          This website is partially compliant with the <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines version 2.2</a> AA standard,
          because of the non-compliances listed below.
        </p>

        <h3>Non-accessible content</h3>
        <ul>
          <li>Some service videos may lack accurate captions. This fails WCAG 2.2 success criterion 1.2.2 (captions, prerecorded).</li>
          <li>Some older pictures may lack a text alternative. This fails WCAG 2.2 success criterion 1.1.1 (non-text content).</li>
        </ul>
        <p>We check pictures when a post is published and add captions to new videos where we can.</p>

        <h2>Preparation of this accessibility statement</h2>
        <p>
          This statement was prepared on {PREPARED_ON}. It was last reviewed on {REVIEWED_ON}. Every public page is checked automatically with axe and for valid
          HTML (with the W3C Nu HTML checker) whenever the website changes. Automated tests also go through the main journeys with a keyboard alone, on a
          phone-sized screen and a laptop, checking that what has focus can be seen and is not covered and that axe finds nothing against WCAG 2.2 AA: the menus,
          the home page, creating an account, the contact form with its errors, a gift with Gift Aid, deleting an account and the prayer wall.
        </p>
      </section>
    </>
  );
}
