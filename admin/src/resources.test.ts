import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, ADMIN_RESOURCES, menuFor, pagesFor, resourcesFor } from './resources';

/** Each role's permissions as the server answers them (`User.permissions`). */
const ROLE_PERMISSIONS = {
  Editor: ['console:sign-in', 'content:write'],
  PrayerTeam: ['console:sign-in', 'prayer:read-shared'],
  Pastor: ['console:sign-in', 'care:read', 'care:contact-details', 'care:manage', 'prayer:read-shared', 'prayer:moderate'],
  Finance: ['console:sign-in', 'finance:read', 'finance:manage'],
  Admin: [
    'console:sign-in', 'content:write', 'settings:write', 'care:read', 'care:contact-details', 'care:manage', 'prayer:read-shared',
    'prayer:moderate', 'finance:read', 'finance:manage', 'members:manage', 'roles:assign', 'audit:read', 'privacy:manage', 'schema:read',
  ],
};

const CONTENT = ['posts', 'post-categories', 'testimonies', 'videos', 'slider-images', 'visit-images', 'meeting-images', 'books'];
const names = (permissions: string[]) => resourcesFor(permissions).map((resource) => resource.name);
const sections = (permissions: string[]) => menuFor(permissions).map((entry) => entry.section);

describe('what each role sees in the console', () => {
  it('gives an Editor the content screens only: no care inbox, no requests, payments or people', () => {
    expect(names(ROLE_PERMISSIONS.Editor)).toEqual(CONTENT);
    expect(sections(ROLE_PERMISSIONS.Editor)).toEqual(['Website content']);
    expect(pagesFor(ROLE_PERMISSIONS.Editor)).toEqual([]);
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
    expect(sections(ROLE_PERMISSIONS.Admin)).toEqual(['Website content', 'Requests', 'Payments', 'People']);
  });

  it('shows nothing without permissions (before sign-in, or an unknown answer)', () => {
    expect(menuFor([])).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
  });

  it('names for every screen a permission the server knows', () => {
    for (const { permission } of [...ADMIN_RESOURCES, ...ADMIN_PAGES]) expect(ROLE_PERMISSIONS.Admin).toContain(permission);
  });
});
