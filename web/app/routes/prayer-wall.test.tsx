import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type ActionFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { getSession } from '../lib/session';
import { answerGraphql, fakeServer, signIn } from '../../test/doubles';
import PrayerWall, { action, clientAction, loader } from './prayer-wall';

const ENTRIES = [
  { id: '21', title: 'A new job', body: 'Interviews next week.', name: 'Priscilla', prayedCount: 3, createdAt: '2026-11-20T10:00:00.000Z' },
  { id: '20', title: 'My father', body: 'He is in hospital.', name: 'Anonymous', prayedCount: 1, createdAt: '2026-11-18T10:00:00.000Z' },
];

type Answer = (operation: { variables: Record<string, unknown> }) => GraphqlResult<unknown>;

/**
 * The wall as the server renders it, with "I prayed" answered by `prayed`: in the browser (the client action,
 * with the member's token) or, without JavaScript, by the page's action on the server.
 */
function renderWall({ wall, prayed = () => ({ data: null }), path = '/prayer-wall', javascript = true }: { wall: { items: typeof ENTRIES; total: number }; prayed?: Answer; path?: string; javascript?: boolean }) {
  const server = fakeServer((operation) => (operation.query.includes('prayerWall(') ? { data: { prayerWall: wall } } : prayed(operation)));
  const sent = answerGraphql(prayed);
  const browserAction: ActionFunction = (args) => clientAction({ ...args, serverAction: () => Promise.reject(new Error('the browser answers it')) });
  const Stub = createRoutesStub([{ path: '/prayer-wall', Component: PrayerWall, HydrateFallback: () => null, loader, action: javascript ? browserAction : action }], server.context);
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), server: server.sent, sent };
}

const card = async (title: string) => screen.findByRole('article', { name: title });

describe('the prayer wall', () => {
  it('shows each request with its name and how many prayed, in the order the server gives, and pages on', async () => {
    const { server } = renderWall({ wall: { items: ENTRIES, total: 45 }, path: '/prayer-wall?page=2' });
    const first = await card('A new job');
    expect(within(first).getByText('Interviews next week.')).toBeTruthy();
    expect(within(first).getByText(/^Priscilla ·/)).toBeTruthy();
    expect(within(first).getByText('3 people prayed')).toBeTruthy();
    expect(within(await card('My father')).getByText('1 person prayed')).toBeTruthy();
    expect(screen.getAllByRole('article').map((article) => article.querySelector('h2')!.textContent)).toEqual(['A new job', 'My father']);
    expect(server.map((operation) => operation.variables)).toEqual([{ page: 1, perPage: 20 }]);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Older →' }).getAttribute('href')).toBe('/prayer-wall?page=3');
  });

  it('says so when nothing is on the wall, and invites a request', async () => {
    renderWall({ wall: { items: [], total: 0 } });
    expect(await screen.findByText(/There are no prayer requests on the wall just now\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask us to pray for you' }).getAttribute('href')).toBe('/user/prayer-request');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("counts a member's prayer with their token, shows the new count and thanks them, for each request prayed for", async () => {
    signIn();
    const { user, sent } = renderWall({ wall: { items: ENTRIES, total: 2 }, prayed: () => ({ data: { prayFor: 4 } }) });
    const first = await card('A new job');
    await user.click(within(first).getByRole('button', { name: 'I prayed' }));

    expect(await within(first).findByText('Thank you for praying')).toBeTruthy();
    expect(within(first).getByText('4 people prayed')).toBeTruthy();
    expect(within(first).queryByRole('button')).toBeNull();
    expect(sent.map((operation) => [operation.variables, operation.token])).toEqual([[{ id: '21' }, 'member-token']]);

    const second = await card('My father');
    await user.click(within(second).getByRole('button', { name: 'I prayed' }));
    expect(await within(second).findByText('Thank you for praying')).toBeTruthy();
    expect(within(first).getByText('Thank you for praying'), 'the first thanks stays').toBeTruthy();
  });

  it('leaves focus on the thanks, in a live region that was there before the answer so the answer is read out', async () => {
    const { user } = renderWall({ wall: { items: ENTRIES, total: 2 }, prayed: () => ({ data: { prayFor: 4 } }) });
    const status = within(await card('A new job')).getByRole('status');
    expect(status.textContent).toBe('3 people prayed');
    await user.click(within(await card('A new job')).getByRole('button', { name: 'I prayed' }));

    const thanks = await within(status).findByText('Thank you for praying');
    expect(document.activeElement).toBe(thanks);
    expect(status.textContent).toBe('4 people prayedThank you for praying');
  });

  it('prays as a visitor when the server no longer accepts the stored token', async () => {
    signIn('ended-token');
    const { user, sent } = renderWall({
      wall: { items: ENTRIES, total: 2 },
      prayed: () => (getSession().token ? { errors: [{ message: 'Please log in again', extensions: { code: 'UNAUTHENTICATED' } }] } : { data: { prayFor: 2 } }),
    });
    const second = await card('My father');
    await user.click(within(second).getByRole('button', { name: 'I prayed' }));

    expect(await within(second).findByText('2 people prayed')).toBeTruthy();
    expect(sent.map((operation) => operation.token)).toEqual(['ended-token', null]);
    expect(getSession().loggedIn).toBe(false);
  });

  it('tells the visitor when a request has left the wall', async () => {
    const { user } = renderWall({ wall: { items: ENTRIES, total: 2 }, prayed: () => ({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }) });
    const first = await card('A new job');
    await user.click(within(first).getByRole('button', { name: 'I prayed' }));
    expect((await within(first).findByRole('alert')).textContent).toBe('This prayer request is no longer on the wall.');
    expect(within(first).getByText('3 people prayed')).toBeTruthy();
  });
});

describe('"I prayed" without JavaScript', () => {
  it("is counted by the page's action on the server, and the page it answers shows the count and the thanks", async () => {
    const { user, server, sent } = renderWall({ wall: { items: ENTRIES, total: 2 }, prayed: () => ({ data: { prayFor: 7 } }), javascript: false });
    const first = await card('A new job');
    await user.click(within(first).getByRole('button', { name: 'I prayed' }));

    expect(await within(first).findByText('Thank you for praying')).toBeTruthy();
    expect(within(first).getByText('7 people prayed')).toBeTruthy();
    expect(within(await card('My father')).getByRole('button', { name: 'I prayed' })).toBeTruthy();
    expect(server.filter((operation) => operation.query.includes('prayFor(')).map((operation) => operation.variables)).toEqual([{ id: '21' }]);
    expect(sent).toEqual([]);
  });
});
