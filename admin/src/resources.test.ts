import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@ministry/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, ADMIN_RESOURCES, menuFor, pagesFor, resourcesFor } from './resources';

// Each role's permissions are read from the shared table the server answers `User.permissions` from, so a change
// to a role on the server shows here as a change to what that role sees in the console.
const CONTENT = ['posts', 'post-categories', 'testimonies', 'videos', 'sermon-series', 'speakers', 'slider-images', 'visit-images', 'meeting-images', 'books'];
const names = (permissions: readonly string[]) => resourcesFor(permissions).map((resource) => resource.name);
const sections = (permissions: readonly string[]) => menuFor(permissions).map((entry) => entry.section);

describe('what each role sees in the console', () => {
  it('gives an Editor the content screens and the live stream only: no care inbox, no requests, payments or people', () => {
    expect(names(ROLE_PERMISSIONS.Editor)).toEqual(CONTENT);
    expect(sections(ROLE_PERMISSIONS.Editor)).toEqual(['Website content']);
    expect(pagesFor(ROLE_PERMISSIONS.Editor).map((page) => page.to)).toEqual(['/live-stream']);
  });

  it('gives a Pastor the care inbox first under Requests, then the five request lists', () => {
    expect(names(ROLE_PERMISSIONS.Pastor)).toEqual(['care', 'contact-enquiries', 'questions', 'counselling-requests', 'baptism-requests', 'prayer-requests']);
    expect(sections(ROLE_PERMISSIONS.Pastor)).toEqual(['Requests']);
  });

  it('gives the prayer team the prayer requests alone', () => {
    expect(names(ROLE_PERMISSIONS.PrayerTeam)).toEqual(['prayer-requests']);
    expect(menuFor(ROLE_PERMISSIONS.PrayerTeam)).toEqual([{ section: 'Requests', resources: [expect.objectContaining({ name: 'prayer-requests' })], pages: [] }]);
  });

  it('gives Finance the donations, regular donations, Gift Aid claims and declarations and book orders', () => {
    expect(names(ROLE_PERMISSIONS.Finance)).toEqual(['donations', 'regular-donations', 'gift-aid-claims', 'gift-aid-declarations', 'book-orders']);
    expect(sections(ROLE_PERMISSIONS.Finance)).toEqual(['Payments']);
  });

  it('gives an Admin every screen and page, in every section', () => {
    expect(resourcesFor(ROLE_PERMISSIONS.Admin)).toEqual(ADMIN_RESOURCES);
    expect(pagesFor(ROLE_PERMISSIONS.Admin)).toEqual(ADMIN_PAGES);
    expect(sections(ROLE_PERMISSIONS.Admin)).toEqual(['Website content', 'Requests', 'Payments', 'Events', 'E-mail', 'People']);
  });

  it('gives the events team the bookings and the check-in page alone, under Events', () => {
    expect(names(ROLE_PERMISSIONS.EventsTeam)).toEqual(['bookings']);
    expect(menuFor(ROLE_PERMISSIONS.EventsTeam)).toEqual([
      { section: 'Events', resources: [expect.objectContaining({ name: 'bookings' })], pages: [expect.objectContaining({ to: '/check-in', label: 'Check-in' })] },
    ]);
  });

  it('gives Communications the mailing lists, the e-mails, consent records and sending health alone, under E-mail', () => {
    expect(names(ROLE_PERMISSIONS.Communications)).toEqual(['mailing-lists', 'broadcasts']);
    expect(menuFor(ROLE_PERMISSIONS.Communications)).toEqual([
      {
        section: 'E-mail',
        resources: [expect.objectContaining({ name: 'mailing-lists' }), expect.objectContaining({ name: 'broadcasts' })],
        pages: [expect.objectContaining({ to: '/consent-records', label: 'Consent records' }), expect.objectContaining({ to: '/sending-health', label: 'Sending health' })],
      },
    ]);
  });

  it('shows lists, e-mails and consent records to no role without comms:send', () => {
    for (const role of ROLES.filter((candidate) => !ROLE_PERMISSIONS[candidate].includes('comms:send'))) {
      expect(names(ROLE_PERMISSIONS[role])).not.toContain('broadcasts');
      expect(sections(ROLE_PERMISSIONS[role])).not.toContain('E-mail');
    }
  });

  it('shows bookers and check-in to no role without events:manage', () => {
    for (const role of ROLES.filter((candidate) => !ROLE_PERMISSIONS[candidate].includes('events:manage'))) {
      expect(names(ROLE_PERMISSIONS[role])).not.toContain('bookings');
      expect(pagesFor(ROLE_PERMISSIONS[role]).map((page) => page.to)).not.toContain('/check-in');
      expect(sections(ROLE_PERMISSIONS[role])).not.toContain('Events');
    }
  });

  it('shows nothing without permissions (before sign-in, or an unknown answer)', () => {
    expect(menuFor([])).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
  });

  it('gives a Member no screen at all', () => {
    expect(menuFor(ROLE_PERMISSIONS.Member)).toEqual([]);
  });

  it('names for every screen a permission the server knows', () => {
    for (const { permission } of [...ADMIN_RESOURCES, ...ADMIN_PAGES]) expect(PERMISSIONS).toContain(permission);
  });

  it('shows every role that may sign in to the console at least one screen', () => {
    const staff = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('console:sign-in'));
    expect(staff).toEqual(['Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam', 'Communications']);
    for (const role of staff) expect(menuFor(ROLE_PERMISSIONS[role]).length).toBeGreaterThan(0);
  });
});
