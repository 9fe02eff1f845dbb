import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
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
