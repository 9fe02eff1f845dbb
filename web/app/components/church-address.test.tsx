import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/doubles';
import type { SiteSettings } from '../lib/site-settings';
import ContactUs, { loader as contactLoader } from '../routes/contact-us';
import ServiceTimes from '../routes/service-times';
import VisitInfo, { loader as visitLoader } from '../routes/visit-info';
import { SiteFooter } from './site-footer';

const SETTINGS: SiteSettings = {
  name: 'Grace Chapel',
  shortName: 'Grace',
  tagline: 'A church for the city',
  description: '',
  charityNumber: '',
  addressLines: ['12 Church Street', 'London'],
  postcode: 'SE1 7AB',
  phone: '020 7946 0000',
  phoneUri: 'tel:+442079460000',
  emails: [{ label: 'General', address: 'hello@grace.example' }],
  socialLinks: [],
  latitude: null,
  longitude: null,
  serviceTimes: [
    { name: 'Sunday Service', when: 'Sundays, 10am' },
    { name: 'Night Vigil', when: 'Last Friday, 10pm' },
  ],
  doorsOpen: 'Doors open at 9.30am',
  weeklySchedule: [],
  podcastAppleUrl: null,
  podcastSpotifyUrl: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

/** A public page inside the root route, whose loader gives every component the site settings. */
async function renderPage(path: string, page: Parameters<typeof createRoutesStub>[0][number], ready: string) {
  const server = fakeServer(() => ({ data: { visit: [] } }));
  const Stub = createRoutesStub(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ settings: SETTINGS, publicUrl: 'https://church.example' }),
        Component: () => (
          <>
            <Outlet />
            <SiteFooter />
          </>
        ),
        children: [{ ...page, path: path.slice(1) }],
      },
    ],
    server.context,
  );
  render(<Stub initialEntries={[path]} />);
  await screen.findByRole('heading', { name: ready });
}

/** Each line of an address element, as its line breaks lay it out. */
const addressLines = (address: Element) => [...address.querySelectorAll(':scope > span')].map((line) => line.textContent);
const footerAddress = () => screen.getByRole('contentinfo').querySelector('address')!;

const LINES = ['12 Church Street', 'London SE1 7AB', 'United Kingdom'];

describe("the church's address", () => {
  it('is written a line each, the postcode on the town line, on the contact page and in its footer', async () => {
    await renderPage('/contact-us', { Component: ContactUs, loader: contactLoader }, 'Send us a message');
    const addresses = document.querySelectorAll('address');
    expect(addresses).toHaveLength(2);
    expect(addressLines(addresses[0])).toEqual(LINES);
    expect(addressLines(footerAddress())).toEqual(LINES);
    expect(screen.getByText('Phone:').closest('address')).toBeNull();
  });

  it('holds the phone number in the footer, as a link to call', async () => {
    await renderPage('/service-times', { Component: ServiceTimes }, 'Services');
    const link = within(footerAddress()).getByRole('link', { name: '020 7946 0000' });
    expect(link.getAttribute('href')).toBe('tel:+442079460000');
  });

  it('is on the visit page, with its schema.org PostalAddress beside it', async () => {
    await renderPage('/visit-info', { Component: VisitInfo, loader: visitLoader }, 'Finding us');
    expect(addressLines(screen.getByRole('heading', { name: 'Finding us' }).parentElement!.querySelector('address')!)).toEqual(LINES);
    const church = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent);
    expect(church.address).toEqual({ '@type': 'PostalAddress', streetAddress: '12 Church Street', addressLocality: 'London', postalCode: 'SE1 7AB', addressCountry: 'GB' });
  });
});

describe('the service times', () => {
  it('list each service with when it is held, on the visit page and on their own page', async () => {
    for (const [path, page, ready] of [
      ['/visit-info', { Component: VisitInfo, loader: visitLoader }, 'Finding us'],
      ['/service-times', { Component: ServiceTimes }, 'Services'],
    ] as const) {
      await renderPage(path, page, ready);
      const list = document.querySelector('dl.times')!;
      expect([...list.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Sunday Service', 'Night Vigil']);
      expect([...list.querySelectorAll('dd')].map((when) => when.textContent)).toEqual(['Sundays, 10am', 'Last Friday, 10pm']);
      expect(list.classList.contains('large')).toBe(path === '/service-times');
      cleanup();
    }
  });
});
