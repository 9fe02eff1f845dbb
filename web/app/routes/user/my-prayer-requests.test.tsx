import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PrayerRequest } from '../../features/member/prayer-requests';
import { formatDate } from '../../lib/format';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, signIn } from '../../../test/doubles';
import MyPrayerRequests from './my-prayer-requests';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const onTheWall: PrayerRequest = {
  id: '12',
  title: 'A new job',
  body: 'Interviews next week.',
  status: 'InProgress',
  createdAt: inDays(-27),
  privacy: 'PrayerWall',
  wallName: 'FirstName',
  wallStatus: 'Approved',
  prayedCount: 3,
  expiresAt: inDays(3),
  closedAt: null,
  replies: [{ body: 'We are praying with you, Priscilla.', createdAt: inDays(-26) }],
};

const pastorsOnly: PrayerRequest = {
  ...onTheWall,
  id: '11',
  title: 'My marriage',
  body: 'Please pray for us.',
  status: 'New',
  privacy: 'PastorsOnly',
  wallName: null,
  wallStatus: 'NotRequested',
  prayedCount: 0,
  expiresAt: inDays(20),
  replies: [],
};

type ChangeAnswer = (before: PrayerRequest) => GraphqlResult<unknown>;

/** A change the server makes: the request as it was, with these fields new. */
const changedTo =
  (fields: Partial<PrayerRequest>): ChangeAnswer =>
  (before) => ({ data: { change: { ...before, ...fields } } });

/** The member's requests, and a server that answers each change with `answerChange`. */
function renderMyRequests(requests: PrayerRequest[], answerChange: ChangeAnswer = changedTo({})) {
  signIn();
  const sent = answerGraphql((operation) => {
    if (operation.query.includes('allPrayerRequests')) return { data: { allPrayerRequests: requests } };
    return answerChange(requests.find((request) => request.id === operation.variables.id)!);
  });
  const Stub = createRoutesStub([{ path: '/user/my-prayer-requests', Component: MyPrayerRequests }]);
  render(<Stub initialEntries={['/user/my-prayer-requests']} />);
  return { user: userEvent.setup(), changes: () => sent.filter((operation) => !operation.query.includes('allPrayerRequests')) };
}

const record = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;
const fact = (within_: HTMLElement, term: string) => within(within_).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

describe("the member's prayer requests", () => {
  it('shows who may read each one, its place on the wall, the prayers, how long it is shared and the replies', async () => {
    renderMyRequests([onTheWall, pastorsOnly]);
    const wall = await record('A new job');
    expect(fact(wall, 'Who may read it')).toBe('Everyone, on the public prayer wall');
    expect(fact(wall, 'Name on the wall')).toBe('My first name');
    expect(fact(wall, 'Prayer wall')).toBe('On the prayer wall');
    expect(fact(wall, 'Prayers')).toBe('3 people prayed');
    expect(fact(wall, 'Sharing')).toBe(`Shared until ${formatDate(onTheWall.expiresAt)}`);
    expect(within(wall).getByText('We are praying with you, Priscilla.')).toBeTruthy();
    expect(within(wall).getByText('Being prayed for')).toBeTruthy();

    const privateOne = await record('My marriage');
    expect(fact(privateOne, 'Who may read it')).toBe('Pastors only');
    expect(within(privateOne).queryByText('Sharing')).toBeNull();
    expect(within(privateOne).queryByText('Replies from our pastors')).toBeNull();
    expect(within(privateOne).queryByRole('button', { name: 'Make it more private' }), 'nothing is narrower than pastors only').toBeNull();
    expect(within(privateOne).queryByRole('button', { name: 'Share for 30 more days' }), 'nothing is shared, so nothing to renew').toBeNull();
  });

  it('says when a request waits for approval and when its sharing has ended', async () => {
    renderMyRequests([{ ...onTheWall, wallStatus: 'Pending', prayedCount: 1, expiresAt: inDays(-2) }]);
    const wall = await record('A new job');
    expect(fact(wall, 'Prayer wall')).toBe("Waiting for a pastor's approval");
    expect(fact(wall, 'Prayers')).toBe('1 person prayed');
    expect(fact(wall, 'Sharing')).toBe(`Sharing ended on ${formatDate(inDays(-2))}`);
  });

  it('offers only narrower choices, and narrows once the member confirms', async () => {
    const { user, changes } = renderMyRequests([onTheWall], changedTo({ privacy: 'PrayerTeam', wallName: null, wallStatus: 'Removed' }));
    const wall = await record('A new job');
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));
    const choices = within(wall).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('.radio-option')!.querySelector('label')!.textContent)).toEqual([
      'Keep it on the prayer wall, but as Anonymous',
      'The prayer team',
      'Pastors only',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(choices[0]));
    expect(changes(), 'choosing is not yet changing').toEqual([]);

    await user.click(within(wall).getByRole('radio', { name: 'The prayer team' }));
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));

    expect(await within(wall).findByText('Saved. Only our pastors and prayer team can read it now.')).toBeTruthy();
    expect(changes().map((operation) => [operation.query.match(/changePrayerPrivacy/)?.[0], operation.variables, operation.token])).toEqual([
      ['changePrayerPrivacy', { id: '12', privacy: 'PrayerTeam' }, 'member-token'],
    ]);
    expect(fact(wall, 'Who may read it')).toBe('Pastors and the prayer team');
    expect(fact(wall, 'Prayer wall')).toBe('Removed from the prayer wall');
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));
    expect(within(wall).getAllByRole('radio').map((choice) => choice.getAttribute('value'))).toEqual(['PastorsOnly-']);
  });

  it('keeps a wall request on the wall as Anonymous when that is all the member changes', async () => {
    const { user, changes } = renderMyRequests([onTheWall], changedTo({ wallName: 'Anonymous' }));
    const wall = await record('A new job');
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));

    expect(await within(wall).findByText('Saved. The prayer wall now shows it as Anonymous.')).toBeTruthy();
    expect(changes()[0].variables).toEqual({ id: '12', privacy: 'PrayerWall', wallName: 'Anonymous' });
    expect(fact(wall, 'Name on the wall')).toBe('Anonymous');
  });

  it('closes a request only after the member confirms, and can be kept open instead', async () => {
    const { user, changes } = renderMyRequests([onTheWall], changedTo({ status: 'Closed', closedAt: new Date().toISOString() }));
    const wall = await record('A new job');
    await user.click(within(wall).getByRole('button', { name: 'Close this request' }));
    expect(within(wall).getByText(/Close this prayer request\? It stops being shared/)).toBeTruthy();
    await user.click(within(wall).getByRole('button', { name: 'Keep it open' }));
    expect(changes()).toEqual([]);

    await user.click(within(wall).getByRole('button', { name: 'Close this request' }));
    await user.click(within(wall).getByRole('button', { name: 'Yes, close it' }));
    expect(await within(wall).findByText('Your prayer request is closed.')).toBeTruthy();
    expect(changes().map((operation) => [operation.query.match(/closePrayerRequest/)?.[0], operation.variables])).toEqual([['closePrayerRequest', { id: '12' }]]);
    expect(within(wall).getByText('Closed', { selector: '.status' })).toBeTruthy();
    expect(within(wall).queryByRole('button'), 'a closed request has nothing left to change').toBeNull();
  });

  it('renews a shared request near its end and says until when', async () => {
    const renewed = inDays(30);
    const { user, changes } = renderMyRequests([onTheWall], changedTo({ expiresAt: renewed }));
    const wall = await record('A new job');
    await user.click(within(wall).getByRole('button', { name: 'Share for 30 more days' }));

    expect(await within(wall).findByText(`Shared again until ${formatDate(renewed)}.`)).toBeTruthy();
    expect(changes()[0].query).toMatch(/renewPrayerRequest\(id: \$id\)/);
    expect(within(wall).queryByRole('button', { name: 'Share for 30 more days' }), 'not offered again while a month is left').toBeNull();
  });

  it("shows the server's refusal in the request it concerns", async () => {
    const { user } = renderMyRequests([onTheWall], () => ({ errors: [{ message: 'privacy can only be narrowed', extensions: { code: 'BAD_USER_INPUT' } }] }));
    const wall = await record('A new job');
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));
    await user.click(within(wall).getByRole('button', { name: 'Make it more private' }));
    expect((await within(wall).findByRole('alert')).textContent).toBe('privacy can only be narrowed');
  });
});
