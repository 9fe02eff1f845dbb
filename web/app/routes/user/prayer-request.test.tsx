import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, fieldError, signIn } from '../../../test/doubles';
import PrayerRequestPage from './prayer-request';
import UserDashboard from './user-dashboard';

function renderPrayerRequest(reply: GraphqlResult<unknown>) {
  signIn();
  const sent = answerGraphql(() => reply);
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
  it('shows the messages of required fields the server names, and moves focus to the first', async () => {
    const { user } = renderPrayerRequest({ errors: [fieldError('body', 'Please write your prayer request'), fieldError('title', 'Please give your request a title')] });
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    expect(await screen.findByText('Please give your request a title')).toBeTruthy();
    expect(screen.getByText('Please write your prayer request')).toBeTruthy();
    expect(body().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title()));
  });

  it('goes back to the dashboard with a thank-you once the prayer team has it', async () => {
    const { user, sent } = renderPrayerRequest({ data: { createPrayerRequest: { id: '3' } } });
    await user.type(title(), ' Healing for my mother ');
    await user.type(body(), 'Her operation is on Thursday.');
    await user.click(screen.getByRole('button', { name: 'Send prayer request' }));

    expect(await screen.findByText('Thank you. Your prayer request has been sent to our prayer team.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, Priscilla' })).toBeTruthy();
    expect(sent.map((operation) => [operation.variables, operation.token])).toEqual([[{ title: 'Healing for my mother', body: 'Her operation is on Thursday.' }, 'member-token']]);
  });
});
