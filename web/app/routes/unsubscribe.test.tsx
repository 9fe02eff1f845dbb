import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer } from '../../test/doubles';
import Unsubscribe, { headers, loader } from './unsubscribe';

function renderUnsubscribe(reply: GraphqlResult<unknown>, path = '/unsubscribe?token=signed-token') {
  const { context, sent } = fakeServer(() => reply);
  const Stub = createRoutesStub([{ path: '/unsubscribe', Component: Unsubscribe, loader }], context);
  render(<Stub initialEntries={[path]} />);
  return { sent };
}

describe('the unsubscribe link of an e-mail', () => {
  it('unsubscribes as the page opens, with no sign-in, says so, and leads back to signing up', async () => {
    const { sent } = renderUnsubscribe({ data: { list: { id: '3', name: 'Church news' } } });
    expect((await screen.findByRole('status')).textContent).toContain('You are unsubscribed from Church news. We will send you no more of its e-mails.');
    expect(sent).toEqual([{ query: expect.stringContaining('unsubscribe(token: $token)') as string, variables: { token: 'signed-token' } }]);
    expect(screen.getByRole('link', { name: /Sign up again/ }).getAttribute('href')).toBe('/newsletters');
  });

  it('says a refused link is not valid, and how to reach us instead', async () => {
    renderUnsubscribe({ errors: [{ message: 'This unsubscribe link is not valid', extensions: { code: 'BAD_USER_INPUT', field: 'token' } }] });
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid');
    expect(screen.getByRole('link', { name: 'our contact form' }).getAttribute('href')).toBe('/contact-us');
  });

  it('sends nothing for a link without its token', async () => {
    const { sent } = renderUnsubscribe({ data: null }, '/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid');
    expect(sent).toEqual([]);
  });

  it('is never cached and never sends its address on as a Referer', () => {
    const answered = new Headers(headers({ parentHeaders: new Headers(), loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined }));
    expect([answered.get('Cache-Control'), answered.get('Referrer-Policy')]).toEqual(['no-store', 'no-referrer']);
  });
});
