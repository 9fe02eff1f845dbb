import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, fieldError, signIn } from '../../../test/doubles';
import PrayerRequestPage from './prayer-request';
import UserDashboard from './user-dashboard';

/** The prayer request page, in front of a server that answers `reply`, or each of `replies` in turn. */
function renderPrayerRequest(...replies: GraphqlResult<unknown>[]) {
  signIn();
  const sent = answerGraphql(() => (replies.length > 1 ? replies.shift()! : replies[0]));
  const Stub = createRoutesStub([
    { path: '/user/prayer-request', Component: PrayerRequestPage },
    { path: '/user/user-dashboard', Component: UserDashboard },
  ]);
  render(<Stub initialEntries={['/user/prayer-request']} />);
  return { user: userEvent.setup(), sent };
}

const title = () => screen.getByRole('textbox', { name: /Title/ });
const body = () => screen.getByRole('textbox', { name: /Your prayer request/ });

describe('a prayer request', () => {
  it('shows the messages of required fields the server names, and moves focus to their summary', async () => {
    const { user } = renderPrayerRequest({ errors: [fieldError('body', 'Please write your prayer request'), fieldError('title', 'Please give your request a title')] });
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    expect(await screen.findByRole('link', { name: 'Please give your request a title' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Please write your prayer request' })).toBeTruthy();
    expect(body().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });

  it('goes back to the dashboard with a thank-you once the pastors have it', async () => {
    const { user, sent } = renderPrayerRequest({ data: { createPrayerRequest: { id: '3' } } });
    await user.type(title(), ' Healing for my mother ');
    await user.type(body(), 'Her operation is on Thursday.');
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    expect(await screen.findByText('Thank you. Your prayer request has been sent to our pastors.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, Priscilla' })).toBeTruthy();
    expect(sent.map((operation) => [operation.variables, operation.token])).toEqual([[{ title: 'Healing for my mother', body: 'Her operation is on Thursday.', privacy: 'PastorsOnly' }, 'member-token']]);
  });
});

describe('a prayer request sent again', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const send = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));
  };

  it('goes under the same key after an error, so the pastors get it once', async () => {
    const unavailable = { message: 'The site is briefly unavailable. Please try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } };
    const { user, sent } = renderPrayerRequest({ errors: [unavailable] }, { data: { createPrayerRequest: { id: '5' } } });
    await user.type(title(), 'Healing');
    await user.type(body(), 'For my mother.');
    await send(user);
    expect((await screen.findByRole('alert')).querySelector('p')!.textContent).toBe(unavailable.message);
    await send(user);

    await screen.findByText('Thank you. Your prayer request has been sent to our pastors.');
    expect(sent[0].idempotencyKey).toMatch(UUID);
    expect(sent.map((operation) => operation.idempotencyKey)).toEqual([sent[0].idempotencyKey, sent[0].idempotencyKey]);
  });

  it('says it was already received, and goes under a new key, when the server refuses the key', async () => {
    const refused = { message: 'This form was already sent with other details under the same key.', extensions: { code: 'UNPROCESSABLE', field: 'Idempotency-Key' } };
    const { user, sent } = renderPrayerRequest({ errors: [refused] }, { data: { createPrayerRequest: { id: '6' } } });
    await user.type(title(), 'Healing');
    await user.type(body(), 'For my mother and my aunt.');
    await send(user);
    expect((await screen.findByRole('alert')).textContent).toMatch(/already received this form.*press the button again/);
    await send(user);

    await screen.findByText('Thank you. Your prayer request has been sent to our pastors.');
    expect(sent[1].idempotencyKey).toMatch(UUID);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });
});

describe('who may read a prayer request', () => {
  const choice = (name: string) => screen.getByRole('radio', { name });
  const help = (radio: HTMLElement) => document.getElementById(radio.getAttribute('aria-describedby')!)!.textContent;

  it('is pastors only unless the member chooses otherwise, each choice explained in plain words', () => {
    renderPrayerRequest({ data: null });
    expect(screen.getByRole('group', { name: 'Who may read it?' })).toBeTruthy();
    expect((choice('Pastors only') as HTMLInputElement).checked).toBe(true);
    expect(help(choice('Pastors only'))).toBe('Only our pastors read it. Nobody else at church sees it.');
    expect(help(choice('The prayer team'))).toMatch(/do not see your e-mail, phone or address/);
    expect(help(choice('The public prayer wall (after a pastor approves it)'))).toMatch(/^Anyone visiting our website can read it/);
    expect(screen.queryByRole('group', { name: 'Your name on the prayer wall' })).toBeNull();
  });

  it('asks how the name is shown only for the wall, anonymous unless the member picks their first name', async () => {
    const { user, sent } = renderPrayerRequest({ data: { createPrayerRequest: { id: '4' } } });
    await user.type(title(), 'A new job');
    await user.type(body(), 'Interviews next week.');
    await user.click(choice('The public prayer wall (after a pastor approves it)'));
    expect((choice('Anonymous') as HTMLInputElement).checked).toBe(true);
    expect(help(choice('My first name'))).toBe('Your first name is shown, never your surname or e-mail.');
    await user.click(choice('My first name'));
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    expect(await screen.findByText(/It will appear on the prayer wall once a pastor approves it\./)).toBeTruthy();
    expect(sent[0].variables).toEqual({ title: 'A new job', body: 'Interviews next week.', privacy: 'PrayerWall', wallName: 'FirstName' });
  });

  it('sends no name choice once the member goes back to the prayer team, and ties the server\'s message to the choice', async () => {
    const { user, sent } = renderPrayerRequest({ errors: [fieldError('privacy', 'Please choose who may read it')] });
    await user.click(choice('The public prayer wall (after a pastor approves it)'));
    await user.click(choice('The prayer team'));
    expect(screen.queryByRole('group', { name: 'Your name on the prayer wall' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    await screen.findByRole('link', { name: 'Please choose who may read it' });
    expect(sent[0].variables).toMatchObject({ privacy: 'PrayerTeam' });
    expect(sent[0].variables).not.toHaveProperty('wallName');
    expect(choice('The prayer team').getAttribute('aria-invalid')).toBe('true');
    expect(choice('The prayer team').getAttribute('aria-describedby')).toMatch(/field-privacy-error/);
  });
});
