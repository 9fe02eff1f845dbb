import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@ministry/shared';
import { MEMBER } from '../../test/doubles';
import { saveSession } from '../lib/session';
import { SiteHeader } from './site-header';

// jsdom lays nothing out: the header's height and the screen's width are stood in for.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
});

/** Signs in with the role and permissions the server's login answers for that role. */
function renderHeaderFor(role: Role, permissions: string[]) {
  saveSession('a-token', { ...MEMBER, role, permissions });
  const Stub = createRoutesStub([{ path: '/', Component: SiteHeader }]);
  render(<Stub initialEntries={['/']} />);
}

/** The menu a phone shows behind the hamburger button (hidden until opened). */
const mobileMenu = () => document.getElementById('mobile-menu')!;
const consoleLinks = () => screen.queryAllByRole('link', { name: 'Admin Dashboard', hidden: true });

describe('the link to the staff console', () => {
  it.each(['Pastor', 'PrayerTeam', 'Editor', 'Finance'] as const)('is offered to a %s, who may sign in to the console', (role) => {
    renderHeaderFor(role, ['console:sign-in', 'schema:read']);
    expect(consoleLinks().length).toBeGreaterThan(0);
    for (const link of consoleLinks()) expect(link.getAttribute('href')).toMatch(/^\/admin(\/admin-dashboard)?$/);
    // The console's screens are an Admin's menu: other staff get the console only.
    expect(within(mobileMenu()).queryByRole('link', { name: 'Donations', hidden: true })).toBeNull();
  });

  it('is offered to an Admin, with the whole admin menu', () => {
    renderHeaderFor('Admin', ['console:sign-in', 'schema:read', 'roles:assign']);
    expect(consoleLinks().length).toBeGreaterThan(0);
    expect(within(mobileMenu()).getByRole('link', { name: 'Donations', hidden: true })).toBeTruthy();
  });

  it('is offered to staff whose session was saved before it held permissions, and not to a member', () => {
    saveSession('a-token', { ...MEMBER, role: 'Pastor', permissions: undefined as unknown as string[] });
    const Stub = createRoutesStub([{ path: '/', Component: SiteHeader }]);
    const { unmount } = render(<Stub initialEntries={['/']} />);
    expect(consoleLinks().length).toBeGreaterThan(0);
    unmount();
    saveSession('a-token', { ...MEMBER, role: 'Member', permissions: undefined as unknown as string[] });
    render(<Stub initialEntries={['/']} />);
    expect(consoleLinks()).toHaveLength(0);
  });

  it('is not offered to a member', () => {
    renderHeaderFor('Member', []);
    expect(consoleLinks()).toHaveLength(0);
  });
});

describe('the phone menu', () => {
  /** The header above each page, as the site's root lays them out. */
  function renderPage() {
    const Layout = () => (
      <>
        <SiteHeader />
        <main>
          <Outlet />
        </main>
      </>
    );
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, Component: () => <Link to="/contact-us">Write to us</Link> },
          { path: 'contact-us', Component: () => <h1>Contact Us</h1> },
        ],
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    return userEvent.setup();
  }

  const inert = () => Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((element) => element.inert);

  it('makes the page behind it inert while it is open, and Escape closes it back onto its button', async () => {
    const user = renderPage();
    const main = document.querySelector('main')!;
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    expect(mobileMenu().hidden).toBe(false);
    expect(main.inert).toBe(true);
    expect(document.querySelector<HTMLElement>('.brand')!.inert, 'the header behind the menu too').toBe(true);
    expect(mobileMenu().inert).toBeFalsy();
    expect(screen.getByRole('button', { name: 'Close menu' }).inert).toBeFalsy();

    await user.keyboard('{Escape}');
    expect(mobileMenu().hidden).toBe(true);
    expect(inert()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('closes on the new page with nothing left inert', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu()).getByRole('link', { name: 'Contact Us' }));

    await screen.findByRole('heading', { name: 'Contact Us' });
    expect(mobileMenu().hidden).toBe(true);
    expect(inert()).toEqual([]);
  });
});
