import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EMPTY_EMAIL, EMPTY_PASSWORD } from '../features/accounts/accounts';
import { getSession } from '../lib/session';
import type { GraphqlResult } from '../lib/graphql';
import { answerGraphql, fieldError, MEMBER } from '../../test/doubles';
import Login, { clientAction } from './login';

function renderLogin(reply: GraphqlResult<unknown>, path = '/userlogin') {
  const sent = answerGraphql(() => reply);
  const Stub = createRoutesStub([
    // In the browser React Router runs the client action; there is no server action behind it.
    { path: '/userlogin', Component: Login, action: (args) => clientAction({ ...args, serverAction: async () => undefined }) },
    { path: '/user/user-dashboard', Component: () => <h1>My dashboard</h1> },
    { path: '/user/make-donations', Component: () => <h1>Give</h1> },
  ]);
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), sent };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');

describe('member login', () => {
  it('asks for the e-mail address and the password before calling the server', async () => {
    const { user, sent } = renderLogin({ data: null });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('link', { name: EMPTY_EMAIL })).toBeTruthy();
    expect(screen.getByRole('link', { name: EMPTY_PASSWORD })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(sent).toEqual([]);
  });

  it('asks only for what is missing', async () => {
    const { user } = renderLogin({ data: null });
    await user.type(email(), MEMBER.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('link', { name: EMPTY_PASSWORD })).toBeTruthy();
    expect(screen.queryByText(EMPTY_EMAIL)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });

  it('ties a refused password to the password field and keeps the e-mail address', async () => {
    const { user, sent } = renderLogin({ errors: [{ ...fieldError('password', 'Wrong email or password'), extensions: { code: 'UNAUTHENTICATED', field: 'password' } }] });
    await user.type(email(), MEMBER.email);
    await user.type(password(), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('link', { name: 'Wrong email or password' })).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect((email() as HTMLInputElement).value).toBe(MEMBER.email);
    expect(sent[0].variables).toEqual({ email: MEMBER.email, password: 'not-the-password' });
    expect(getSession().loggedIn).toBe(false);
  });

  it('keeps the member signed in and goes on to the page they asked for', async () => {
    const { user } = renderLogin({ data: { login: { token: 'fresh-token', user: MEMBER } } }, '/userlogin?next=%2Fuser%2Fmake-donations');
    expect(screen.getByText('Please log in to continue.')).toBeTruthy();
    await user.type(email(), MEMBER.email);
    await user.type(password(), 'tent-makers-of-corinth');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Give' })).toBeTruthy();
    expect(getSession()).toMatchObject({ loggedIn: true, token: 'fresh-token', user: { firstname: 'Priscilla' } });
  });

  it('never follows a next link to another site', async () => {
    const { user } = renderLogin({ data: { login: { token: 'fresh-token', user: MEMBER } } }, '/userlogin?next=%2F%2Fevil.example%2F');
    await user.type(email(), MEMBER.email);
    await user.type(password(), 'tent-makers-of-corinth');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'My dashboard' })).toBeTruthy();
  });
});
