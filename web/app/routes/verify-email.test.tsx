import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type ActionFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { answerGraphql, fakeServer, fieldError, signIn } from '../../test/doubles';
import VerifyEmail, { action, clientAction, loader } from './verify-email';

type Answer = (operation: { variables: Record<string, unknown> }) => GraphqlResult<unknown>;

/**
 * The page a confirmation link opens, with its real loader and actions, in front of a server that answers
 * `reply`: in the browser (the client action, with the session's token when there is one) or, without
 * JavaScript, by the page's action on the server.
 */
function renderConfirmation(reply: GraphqlResult<unknown> | Answer, { path = '/verify-email?token=abc-123_XYZ', javascript = true } = {}) {
  const answer: Answer = typeof reply === 'function' ? reply : () => reply;
  const server = fakeServer(answer);
  const sent = answerGraphql(answer);
  const browserAction: ActionFunction = (args) => clientAction({ ...args, serverAction: () => Promise.reject(new Error('the browser answers it')) });
  const Stub = createRoutesStub([{ path: '/verify-email', Component: VerifyEmail, HydrateFallback: () => null, loader, action: javascript ? browserAction : action }], server.context);
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), server: server.sent, sent };
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm my e-mail address' });
const confirmed = () => screen.findByRole('heading', { name: 'Your e-mail address is confirmed' });
const OWNER_PASSWORD_NEEDED = 'Enter the password of the account this address is being confirmed for';

describe('the page a confirmation link opens', () => {
  it('confirms nothing until the button is pressed, then sends the link’s token with the member’s session and says the address is confirmed', async () => {
    signIn();
    const { user, sent, server } = renderConfirmation({ data: { verifyEmail: true } });
    const button = await confirmButton();
    expect(screen.queryByLabelText('Your password'), 'signed in, the session shows the account is theirs').toBeNull();
    expect(sent).toEqual([]);
    await user.click(button);

    expect(await confirmed()).toBeTruthy();
    expect(sent.map(({ query, variables, token }) => ({ query, variables, token }))).toEqual([
      { query: expect.stringMatching(/verifyEmail\(token: \$token, password: \$password\)/), variables: { token: 'abc-123_XYZ' }, token: 'member-token' },
    ]);
    expect(server.filter((operation) => operation.query.includes('verifyEmail'))).toEqual([]);
  });

  it('asks a visitor who is not signed in for the account’s password, and sends it with the token', async () => {
    const { user, sent } = renderConfirmation({ data: { verifyEmail: true } });
    await confirmButton();
    const password = screen.getByLabelText('Your password');
    expect(password.getAttribute('type')).toBe('password');
    await user.type(password, 'a-good-password');
    await user.click(await confirmButton());

    expect(await confirmed()).toBeTruthy();
    expect(sent.map(({ variables, token }) => ({ variables, token }))).toEqual([{ variables: { token: 'abc-123_XYZ', password: 'a-good-password' }, token: null }]);
  });

  it('asks for the password when the server does not take the session as the account’s (someone else is signed in), with the error tied to the field', async () => {
    signIn('someone-elses-token');
    const { user, sent } = renderConfirmation(({ variables }) => (variables.password === 'a-good-password' ? { data: { verifyEmail: true } } : { errors: [fieldError('password', OWNER_PASSWORD_NEEDED)] }));
    await user.click(await confirmButton());

    const password = await screen.findByLabelText('Your password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(password.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(error.textContent).toBe(OWNER_PASSWORD_NEEDED);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(password, 'a-good-password');
    await user.click(await confirmButton());
    expect(await confirmed()).toBeTruthy();
    expect(sent.map(({ variables, token }) => ({ variables, token }))).toEqual([
      { variables: { token: 'abc-123_XYZ' }, token: 'someone-elses-token' },
      { variables: { token: 'abc-123_XYZ', password: 'a-good-password' }, token: 'someone-elses-token' },
    ]);
  });

  it('shows why a used or expired link is refused, and moves focus there', async () => {
    const message = 'This confirmation link is not valid or has expired. Please sign in and ask for a new one.';
    signIn();
    const { user } = renderConfirmation({ errors: [fieldError('token', message)] });
    await user.click(await confirmButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeNull();
  });

  it('explains a link without its code instead of offering a button', async () => {
    renderConfirmation({ data: {} }, { path: '/verify-email' });
    expect(await screen.findByText(/missing its confirmation code/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm my e-mail address' })).toBeNull();
  });
});

describe('the confirmation without JavaScript', () => {
  it('posts the token and the password to the page’s action, and ties a wrong password’s refusal to the field', async () => {
    const { user, server, sent } = renderConfirmation(
      ({ variables }) => (variables.password === 'a-good-password' ? { data: { verifyEmail: true } } : { errors: [fieldError('password', 'The password is not correct')] }),
      { javascript: false },
    );
    await confirmButton();
    await user.type(screen.getByLabelText('Your password'), 'not-my-password');
    await user.click(await confirmButton());

    const password = await screen.findByLabelText('Your password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(password.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('The password is not correct');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.clear(password);
    await user.type(password, 'a-good-password');
    await user.click(await confirmButton());
    expect(await confirmed()).toBeTruthy();
    expect(server.map((operation) => operation.variables)).toEqual([
      { token: 'abc-123_XYZ', password: 'not-my-password' },
      { token: 'abc-123_XYZ', password: 'a-good-password' },
    ]);
    expect(sent).toEqual([]);
  });
});
