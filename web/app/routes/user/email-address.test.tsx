import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, fieldError, MEMBER, signIn } from '../../../test/doubles';
import EmailAddressPage from './email-address';

const CONFIRMED = { email: MEMBER.email, emailVerified: true, pendingEmail: null };

/** The page for a member whose address is confirmed, in front of a server that answers a change with `change`. */
function renderPage(change: GraphqlResult<unknown>) {
  signIn();
  const sent = answerGraphql((operation) => (operation.query.includes('changeEmail') ? change : { data: { me: CONFIRMED } }));
  const Stub = createRoutesStub([{ path: '/user/email-address', Component: EmailAddressPage }]);
  render(<Stub initialEntries={['/user/email-address']} />);
  return { user: userEvent.setup(), sent };
}

const fill = async (user: ReturnType<typeof userEvent.setup>, email: string, password: string) => {
  await user.type(screen.getByLabelText(/New e-mail address/), email);
  await user.type(screen.getByLabelText(/Your password/), password);
  await user.click(screen.getByRole('button', { name: 'Send a link to the new address' }));
};

describe('the member’s e-mail address page', () => {
  it('sends the new address with the password, and says the account keeps the old one until the link is opened', async () => {
    const { user, sent } = renderPage({ data: { changeEmail: { ...CONFIRMED, pendingEmail: 'new@example.net' } } });
    expect(await screen.findByText(MEMBER.email)).toBeTruthy();
    await fill(user, ' New@Example.net ', 'my-password-1');

    expect((await screen.findByRole('status')).textContent).toBe(`We have sent a link to new@example.net. Your account changes to that address when you open it; until then it keeps ${MEMBER.email}.`);
    expect(sent.filter((operation) => operation.query.includes('changeEmail')).map((operation) => operation.variables)).toEqual([{ email: 'New@Example.net', password: 'my-password-1' }]);
  });

  it('shows a refusal beside the field it names and moves focus there', async () => {
    const { user } = renderPage({ errors: [fieldError('password', 'The password is not correct')] });
    await fill(user, 'new@example.net', 'not-my-password');

    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Your password/)));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
