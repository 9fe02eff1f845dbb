import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, fieldError } from '../../test/doubles';
import VerifyEmail, { action, loader } from './verify-email';

/** The page a confirmation link opens, with its real loader and action, in front of a server that answers `reply`. */
function renderConfirmation(reply: GraphqlResult<unknown>, path = '/verify-email?token=abc-123_XYZ') {
  const server = fakeServer(() => reply);
  const Stub = createRoutesStub([{ path: '/verify-email', Component: VerifyEmail, loader, action }], server.context);
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), sent: server.sent };
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm my e-mail address' });

describe('the page a confirmation link opens', () => {
  it('confirms nothing until the button is pressed, then sends the link’s token and says the address is confirmed', async () => {
    const { user, sent } = renderConfirmation({ data: { verifyEmail: true } });
    const button = await confirmButton();
    expect(sent).toEqual([]);
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeTruthy();
    expect(sent).toEqual([{ query: expect.stringMatching(/verifyEmail\(token: \$token\)/), variables: { token: 'abc-123_XYZ' } }]);
  });

  it('shows why a used or expired link is refused, and moves focus there', async () => {
    const message = 'This confirmation link is not valid or has expired. Please sign in and ask for a new one.';
    const { user } = renderConfirmation({ errors: [fieldError('token', message)] });
    await user.click(await confirmButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeNull();
  });

  it('explains a link without its code instead of offering a button', async () => {
    renderConfirmation({ data: {} }, '/verify-email');
    expect(await screen.findByText(/missing its confirmation code/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm my e-mail address' })).toBeNull();
  });
});
