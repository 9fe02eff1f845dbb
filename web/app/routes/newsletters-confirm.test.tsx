import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer } from '../../test/doubles';
import NewslettersConfirm, { action, headers, loader } from './newsletters-confirm';

function renderConfirmation(reply: GraphqlResult<unknown>, path = '/newsletters/confirm?token=signed-token') {
  const { context, sent } = fakeServer(() => reply);
  const Stub = createRoutesStub([{ path: '/newsletters/confirm', Component: NewslettersConfirm, loader, action }], context);
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), sent };
}

describe('the link that confirms a sign-up', () => {
  it('confirms nothing on opening (mail scanners follow links), and confirms when the button is pressed', async () => {
    const { user, sent } = renderConfirmation({ data: { list: { id: '3', name: 'Church news' } } });
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' });
    expect(sent).toEqual([]);

    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toContain('You are subscribed to Church news');
    expect(sent).toEqual([{ query: expect.stringContaining('confirmSubscription(token: $token)') as string, variables: { token: 'signed-token' } }]);
  });

  it("says why an expired link did nothing, in the server's words, and leads to signing up again", async () => {
    const { user } = renderConfirmation({ errors: [{ message: 'This confirmation link has expired: please sign up again', extensions: { code: 'BAD_USER_INPUT', field: 'token' } }] });
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link has expired: please sign up again');
    expect(screen.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe('/newsletters');
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).toBeNull();
  });

  it('keeps the button when the server could not be reached, so the person can try again', async () => {
    const { user } = renderConfirmation({ errors: [{ message: 'Service unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again in a few minutes.');
    expect(screen.getByRole('button', { name: 'Confirm my subscription' })).toBeTruthy();
  });

  it('says a link without its token is not valid, and offers no button', async () => {
    renderConfirmation({ data: null }, '/newsletters/confirm');
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is not valid');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is never cached and never sends its address on as a Referer', () => {
    const answered = new Headers(headers({ parentHeaders: new Headers({ 'Cache-Control': 'no-cache', 'X-From-Root': 'kept' }), loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined }));
    expect([answered.get('Cache-Control'), answered.get('Referrer-Policy'), answered.get('X-From-Root')]).toEqual(['no-store', 'no-referrer', 'kept']);
  });
});
