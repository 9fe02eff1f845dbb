import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { saveSession } from './auth/session';
import { createFakeApi } from './test/fakeApi';
import { LEGACY_ADMIN_PATHS, legacyRedirectRoutes, legacyTarget } from './legacy/legacyRedirects';

const CurrentPath = () => <output data-testid="path">{useLocation().pathname + useLocation().search}</output>;

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <CurrentPath />
    </MemoryRouter>,
  );

describe('the admin console', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the login page without asking the API anything (the schema is for admins only)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAt('/login');
    expect(await screen.findByLabelText(/Email address/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  // The first render loads the console, its dashboard and the GraphQL client on demand: slow under jsdom on a busy machine.
  it("shows an Editor only the content screens, and the dashboard asks only for what an Editor may read", { timeout: 40_000 }, async () => {
    const api = createFakeApi();
    vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
    saveSession({ token: 'admin-token', user: { id: '5', firstname: 'Ruth', lastname: 'Mensah', email: 'editor@example.org', role: 'Editor', permissions: ['console:sign-in', 'content:write'] } });
    renderAt('/');

    expect(await screen.findByRole('menuitem', { name: 'Blog' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('Testimonies awaiting authorisation', undefined, { timeout: 15_000 })).toBeTruthy();
    for (const name of ['Care inbox', 'Contact enquiries', 'Prayer requests', 'Donations', 'All Members', 'Site settings']) expect(screen.queryByRole('menuitem', { name })).toBeNull();
    for (const section of ['Requests', 'Payments', 'People']) expect(screen.queryByText(section, { exact: true })).toBeNull();
    expect(screen.queryByText('New requests')).toBeNull();
    await waitFor(() => expect(api.calls.map((call) => call.operation)).toContain('allPosts'), { timeout: 15_000 });
    expect(new Set(api.calls.map((call) => call.operation))).toEqual(new Set(['IntrospectionQuery', 'allPosts']));
  });
});

describe('legacy admin paths', () => {
  it('covers every admin page of the spec', () => {
    const spec =
      'admin-dashboard create-blog-post create-program-post all-program-posts add-post-category all-post-categories add-post all-posts edit-post add-video-post all-videos update-video all-prayer-requests all-contacts contact-details all-questions question-details all-counselling counselling-details all-baptism baptism-details add-slider-image slider-images update-slider-image add-book visit-ancc-image add-visit-ancc-image update-visit-ancc-image zoom-image add-zoom-image update-zoom-image all-donations all-testimonies edit-testimony all-bookshop-orders';
    expect(Object.keys(LEGACY_ADMIN_PATHS).sort()).toEqual(spec.split(' ').sort());
  });

  it('never redirects a path to itself', () => {
    for (const route of legacyRedirectRoutes) expect(LEGACY_ADMIN_PATHS[String(route.props.path).slice(1)]).not.toBe(route.props.path);
    expect(legacyRedirectRoutes.map((route) => route.props.path)).not.toContain('/slider-images');
  });

  it('opens the record when the old link names one, and the list otherwise', () => {
    expect(legacyTarget(LEGACY_ADMIN_PATHS['contact-details'], '12')).toBe('/contact-enquiries/12/show');
    expect(legacyTarget(LEGACY_ADMIN_PATHS['contact-details'], null)).toBe('/contact-enquiries');
    expect(legacyTarget(LEGACY_ADMIN_PATHS['edit-post'], '../x')).toBe('/posts');
    expect(decodeURIComponent(legacyTarget(LEGACY_ADMIN_PATHS['create-blog-post'], null))).toBe('/posts/create?source={"categoryId":"3"}');
    expect(decodeURIComponent(legacyTarget(LEGACY_ADMIN_PATHS['all-program-posts'], null))).toBe('/posts?filter={"categoryId":"1"}');
  });
});
