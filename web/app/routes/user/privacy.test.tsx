import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { getSession } from '../../lib/session';
import { answerGraphql, fieldError, signIn, type SentOperation } from '../../../test/doubles';
import AccountDeleted from '../account-deleted';
import PrivacyCentre from './privacy';

const CONSENT = {
  id: '5',
  kind: 'TestimonyPublication',
  postId: '41',
  postTitle: 'Healed after surgery',
  displayName: 'FirstName',
  textVersion: '2026-11',
  text: 'I agree that the church may publish my testimony.',
  givenAt: '2026-11-01T10:00:00.000Z',
  withdrawnAt: null,
};

function renderPrivacyCentre(answer: (operation: SentOperation) => GraphqlResult<unknown>) {
  signIn();
  const sent = answerGraphql((operation) =>
    operation.query.includes('myConsents') ? { data: { myConsents: [CONSENT], mySignIns: [{ at: '2026-11-20T09:30:00.000Z', address: '203.0.113.9' }] } } : answer(operation),
  );
  const Stub = createRoutesStub([
    { path: '/user/privacy', Component: PrivacyCentre },
    { path: '/account-deleted', Component: AccountDeleted },
  ]);
  render(<Stub initialEntries={['/user/privacy']} />);
  return { user: userEvent.setup(), sent };
}

const password = () => screen.getByLabelText(/Your password/);

describe('the privacy centre', () => {
  it('asks before deleting, with the safe answer focused, and keeping the account sends nothing', async () => {
    const { user, sent } = renderPrivacyCentre(() => ({ data: { deleteMyAccount: true } }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter your password');
    expect(document.activeElement).toBe(summary);

    await user.type(password(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText(/Delete your account for good\?/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, keep my account' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' })));
    expect(sent.filter((operation) => operation.query.includes('deleteMyAccount'))).toEqual([]);
  });

  it('keeps the account when the password is wrong, and says so beside the password', async () => {
    const { user, sent } = renderPrivacyCentre(() => ({ errors: [fieldError('password', 'The password is not correct')] }));
    await user.type(password(), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByRole('link', { name: 'The password is not correct' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(getSession().loggedIn).toBe(true);
    expect(sent.filter((operation) => operation.query.includes('deleteMyAccount')).map((operation) => operation.variables)).toEqual([{ password: 'not-my-password' }]);
  });

  it('signs the member out and says goodbye once the account is deleted', async () => {
    const { user } = renderPrivacyCentre(() => ({ data: { deleteMyAccount: true } }));
    expect(screen.getByText(/Donations and book orders, with their amounts/)).toBeTruthy();
    await user.type(password(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Goodbye, and God bless you' })).toBeTruthy();
    expect(getSession()).toEqual({ loggedIn: false, user: null, token: null });
  });

  it('asks before withdrawing a consent, then shows it withdrawn', async () => {
    const { user, sent } = renderPrivacyCentre(() => ({ data: { withdrawConsent: { ...CONSENT, withdrawnAt: '2026-11-23T12:00:00.000Z' } } }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText(/taken down from the website at once/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw my consent' }));

    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(sent.filter((operation) => operation.query.includes('withdrawConsent')).map((operation) => operation.variables)).toEqual([{ id: '5' }]);
  });
});
