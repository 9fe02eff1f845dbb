import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, MEMBER, signIn, type SentOperation } from '../../../test/doubles';
import { addressToConfirm, type MyAddress } from './email-address';
import { EmailConfirmationNotice } from './email-confirmation';

/** The notice for a member whose address stands as `me` says, in front of a server that answers a resend with `resend`. */
function renderNotice(me: MyAddress, resend: GraphqlResult<unknown> = { data: { sendVerificationEmail: true } }) {
  signIn();
  const sent = answerGraphql((operation: SentOperation) => (operation.query.includes('sendVerificationEmail') ? resend : { data: { me } }));
  const Stub = createRoutesStub([{ path: '/user/user-dashboard', Component: () => <EmailConfirmationNotice /> }]);
  render(<Stub initialEntries={['/user/user-dashboard']} />);
  return { user: userEvent.setup(), sent };
}

const notice = () => screen.findByRole('region', { name: 'Confirm your e-mail address' });

describe('the member area’s reminder to confirm the address', () => {
  it('asks an unconfirmed member to confirm, and mails a new link with their own token', async () => {
    const { user, sent } = renderNotice({ email: MEMBER.email, emailVerified: false, pendingEmail: null });
    await notice();
    expect(screen.getByText(/not part of your data download or account deletion/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));

    expect((await screen.findByRole('status')).textContent).toBe(`A new link is on its way to ${MEMBER.email}.`);
    expect(sent.filter((operation) => operation.query.includes('sendVerificationEmail')).map((operation) => operation.token)).toEqual(['member-token']);
  });

  it('names the new address while a change waits, and the old one the account keeps', async () => {
    renderNotice({ email: MEMBER.email, emailVerified: true, pendingEmail: 'new@example.net' });
    await notice();
    expect(screen.getByText('new@example.net')).toBeTruthy();
    expect(screen.getByText(new RegExp(`your account keeps ${MEMBER.email}`))).toBeTruthy();
  });

  it('says when the server refuses another link', async () => {
    const { user } = renderNotice(
      { email: MEMBER.email, emailVerified: false, pendingEmail: null },
      { errors: [{ message: 'Too many attempts. Please wait a few minutes and try again.', extensions: { code: 'TOO_MANY_REQUESTS' } }] },
    );
    await user.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('stays away once the address is confirmed and no change waits', () => {
    expect(addressToConfirm({ email: MEMBER.email, emailVerified: true, pendingEmail: null })).toBeNull();
    expect(addressToConfirm({ email: MEMBER.email, emailVerified: false, pendingEmail: null })).toBe(MEMBER.email);
    expect(addressToConfirm({ email: MEMBER.email, emailVerified: true, pendingEmail: 'new@example.net' })).toBe('new@example.net');
  });
});
