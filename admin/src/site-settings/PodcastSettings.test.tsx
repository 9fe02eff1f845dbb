import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@ministry/shared';
import { App } from '../App';
import { saveSession } from '../auth/session';

const SETTINGS = {
  name: 'Grace Harbour', shortName: '', tagline: '', description: '', charityNumber: '', addressLines: [], postcode: '', phone: '', emails: [],
  socialLinks: [], latitude: null, longitude: null, serviceTimes: [], doorsOpen: '', weeklySchedule: [], pastors: [], charityType: 'CIO',
  accountingYearEnd: '12-31', podcastTitle: 'Sunday Messages', podcastArtwork: null, podcastCategory: 'Religion & Spirituality > Christianity',
  podcastOwnerEmail: 'podcast@example.org', podcastExplicit: false, podcastLocked: true,
};

type Sent = { operation?: string; variables?: Record<string, unknown>; purpose?: string };

/** The server as the settings page meets it: the settings, saving them, and an upload that answers `upload`. */
function serve(upload: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (url === '/api/uploads') {
      sent.push({ purpose: (init!.body as FormData).get('purpose') as string });
      return Response.json(upload.body, { status: upload.status });
    }
    const { query, variables } = JSON.parse(init!.body as string) as { query: string; variables: Record<string, unknown> };
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    sent.push({ operation, variables });
    if (operation === 'SiteSettingsForm') return Response.json({ data: { siteSettings: SETTINGS } });
    if (operation === 'UpdateSiteSettings') return Response.json({ data: { updateSiteSettings: { ...SETTINGS, ...variables } } });
    return Response.json({ errors: [{ message: 'Not in this test', extensions: { code: 'FORBIDDEN' } }] });
  });
  saveSession({
    token: 'admin-token',
    user: { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'admin@example.org', role: 'Admin', permissions: [...ROLE_PERMISSIONS.Admin] },
  });
  render(
    <MemoryRouter initialEntries={['/site-settings']}>
      <App />
    </MemoryRouter>,
  );
  return sent;
}

const artwork = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cover.jpg', { type: 'image/jpeg' });

describe('the podcast in the site settings', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('gives the feed’s address and shows why the server refused the cover picture', async () => {
    const sent = serve({ status: 400, body: { errors: [{ msg: 'Podcast artwork must be square; this one is 1600x900.', path: 'image' }] } });
    expect(await screen.findByText(`${window.location.origin}/podcast.xml`, undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Podcast cover picture file'), { target: { files: [artwork()] } });
    expect(await screen.findByText('The picture was not accepted: Podcast artwork must be square; this one is 1600x900.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(sent.filter((call) => call.purpose)).toEqual([{ purpose: 'podcast' }]);
  });

  it('saves the podcast’s details with the accepted cover picture', async () => {
    const sent = serve({ status: 201, body: { url: '/uploads/cover-3000.jpg', width: 3000, height: 3000 } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Podcast title' }, { timeout: 15_000 }), { target: { value: 'Grace Harbour Sermons' } });
    fireEvent.change(screen.getByLabelText('Podcast cover picture file'), { target: { files: [artwork()] } });
    expect(await screen.findByRole('img', { name: 'The podcast’s cover picture' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Mark as explicit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((call) => call.operation === 'UpdateSiteSettings')).toBe(true), { timeout: 5000 });
    expect(sent.find((call) => call.operation === 'UpdateSiteSettings')!.variables).toMatchObject({
      podcastTitle: 'Grace Harbour Sermons',
      podcastArtwork: '/uploads/cover-3000.jpg',
      podcastExplicit: true,
      podcastLocked: true,
      podcastOwnerEmail: 'podcast@example.org',
    });
  });
});
