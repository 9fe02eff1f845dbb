import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MEMBER } from '../../test/doubles';
import { saveSession } from '../lib/session';
import { SiteHeader } from './site-header';

/** Signs in with the role and permissions the server's login answers for that role. */
function renderHeaderFor(role: string, permissions: string[]) {
  saveSession('a-token', { ...MEMBER, role, permissions });
  const Stub = createRoutesStub([{ path: '/', Component: SiteHeader }]);
  render(<Stub initialEntries={['/']} />);
}

/** The menu a phone shows behind the hamburger button (hidden until opened). */
const mobileMenu = () => document.getElementById('mobile-menu')!;
const consoleLinks = () => screen.queryAllByRole('link', { name: 'Admin Dashboard', hidden: true });

describe('the link to the staff console', () => {
  it.each(['Pastor', 'PrayerTeam', 'Editor', 'Finance'])('is offered to a %s, who may sign in to the console', (role) => {
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
