import { Link } from 'react-router';
import { useSiteSettings } from '../lib/site-settings';
import { ChurchAddress } from './church-address';
import { SocialIcon } from './icons';
import { aboutMenu, mainLinks, prayersMenu } from './nav-items';
import { LinkItems } from './nav-link';
import './site-footer.css';

const ministryLinks = [...aboutMenu, ...mainLinks.filter((item) => item.to !== '/contact-us')];

export function SiteFooter() {
  const year = new Date().getFullYear();
  const settings = useSiteSettings();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit">{settings.name}</h2>
          <p>{settings.tagline}</p>
          <ChurchAddress>{settings.phone && <a href={settings.phoneUri ?? undefined}>{settings.phone}</a>}</ChurchAddress>
          <ul className="social-links">
            {settings.socialLinks.map((social) => (
              <li key={social.network}>
                <a href={social.url} rel="noopener noreferrer" target="_blank" aria-label={`${settings.shortName || settings.name} on ${social.label}`}>
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-ministry">
          <h2 id="footer-ministry">Ministry</h2>
          <ul>
            <LinkItems items={ministryLinks} />
          </ul>
        </nav>
        <nav aria-labelledby="footer-prayer">
          <h2 id="footer-prayer">Prayer and care</h2>
          <ul>
            <LinkItems items={prayersMenu} />
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Write to us</h2>
          <ul className="footer-emails">
            {settings.emails.map((email) => (
              <li key={email.address}>
                <span className="footer-email-label">{email.label}</span>
                <a href={`mailto:${email.address}`}>{email.address}</a>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/contact-us">Contact form and map</Link>
          </p>
          <p>
            <Link to="/newsletters">Newsletters</Link>
          </p>
        </section>
      </div>
      <p className="footer-legal">
        © {year} {settings.name}. All rights reserved.{settings.charityNumber && ` Registered charity ${settings.charityNumber}.`} <Link to="/privacy">Privacy notice</Link>{' '}
        <Link to="/accessibility">Accessibility</Link>
      </p>
    </footer>
  );
}
