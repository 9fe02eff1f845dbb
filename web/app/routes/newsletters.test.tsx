import { mailingChoiceWording } from '@ministry/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, fieldError, type ServerOperation } from '../../test/doubles';
import NewsletterLetter, { loader as letterLoader } from './newsletters-letter';
import Newsletters, { action, loader } from './newsletters';

const LISTS = [
  { id: '3', name: 'Church news', description: 'Once a month', basis: 'Consent' },
  { id: '4', name: 'Supporter updates', description: '', basis: 'CharitableSoftOptIn' },
] as const;

const LETTER = { id: '9', subject: 'Advent at Grace Church', listName: 'Church news', sentAt: '2026-11-20T09:00:00.000Z', body: '<p>Carols on <strong>Sunday</strong>.</p>' };

/** The newsletters page, with its real loader and action, in front of a server that answers each write with `reply`. */
function renderNewsletters(reply: (operation: ServerOperation) => GraphqlResult<unknown> = () => ({ data: { subscribe: true } })) {
  const server = fakeServer((operation) => {
    if (operation.query.includes('PublicMailingLists')) return { data: { allMailingLists: LISTS } };
    if (operation.query.includes('allNewsletters')) return { data: { allNewsletters: [LETTER] } };
    if (operation.query.includes('Newsletter(id')) return { data: { Newsletter: operation.variables.id === '9' ? LETTER : null } };
    return reply(operation);
  });
  const Stub = createRoutesStub(
    [
      { path: '/newsletters', Component: Newsletters, loader, action },
      { path: '/newsletters/:id', Component: NewsletterLetter, loader: letterLoader as unknown as LoaderFunction },
    ],
    server.context,
  );
  render(<Stub initialEntries={['/newsletters']} />);
  const writes = () => server.sent.filter((operation) => operation.query.startsWith('mutation'));
  return { user: userEvent.setup(), writes };
}

const emailField = () => screen.getByRole('textbox', { name: /Your e-mail address/ });
const signUpButton = () => screen.getByRole('button', { name: 'Sign up' });

describe('signing up to the newsletters', () => {
  it('offers every public list unticked, asking in "Send me" words, and subscribes the address to each ticked list', async () => {
    const { user, writes } = renderNewsletters();
    const news = await screen.findByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording(LISTS[0]) });
    const updates = screen.getByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording({ ...LISTS[1], basis: 'Consent' }) });
    expect([news.checked, updates.checked]).toEqual([false, false]);
    expect(news.closest('form')!.getAttribute('method')).toBe('post');

    await user.type(emailField(), ' lydia@example.org ');
    await user.click(news);
    await user.click(updates);
    await user.click(signUpButton());

    expect((await screen.findByRole('status')).textContent).toBe('Check your e-mail: we have sent a link to confirm. Nothing is sent before you confirm.');
    expect(writes().map((operation) => operation.variables)).toEqual([
      { listId: '3', email: 'lydia@example.org' },
      { listId: '4', email: 'lydia@example.org' },
    ]);
  });

  it('asks for an address and a list before sending anything, each beside its field, with focus on the summary', async () => {
    const { user, writes } = renderNewsletters();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    const summary = await screen.findByRole('alert');
    expect([...summary.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your e-mail address', '#field-email'],
      ['Tick at least one list', '#field-lists'],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(emailField().getAttribute('aria-describedby')).toBe('field-email-error');
    expect(screen.getByRole('checkbox', { name: mailingChoiceWording(LISTS[0]) }).getAttribute('aria-describedby')).toBe('field-lists-error');
    await user.click(within(summary).getByRole('link', { name: 'Tick at least one list' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: mailingChoiceWording(LISTS[0]) }));
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal beside the address, and keeps what was typed and ticked", async () => {
    const { user } = renderNewsletters(() => ({ errors: [fieldError('email', 'email must be an e-mail address')] }));
    await user.type(await screen.findByRole('textbox', { name: /Your e-mail address/ }), 'lydia-at-example');
    await user.click(screen.getByRole('checkbox', { name: mailingChoiceWording(LISTS[0]) }));
    await user.click(signUpButton());

    expect(await screen.findByRole('link', { name: 'email must be an e-mail address' })).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().getAttribute('value')).toBe('lydia-at-example');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording(LISTS[0]) }).checked).toBe(true);
  });
});

describe('the archive of sent newsletters', () => {
  it('lists each newsletter with its date and list, and opens it with its body', async () => {
    const { user } = renderNewsletters();
    const archive = await screen.findByRole('region', { name: 'Newsletters we have sent' });
    expect(within(archive).getByRole('listitem').textContent).toBe('Advent at Grace Church20 November 2026 · Church news');

    await user.click(within(archive).getByRole('link', { name: 'Advent at Grace Church' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Advent at Grace Church' })).toBeTruthy();
    expect(screen.getByText('Sunday').tagName).toBe('STRONG');
    expect(screen.getByText(/Sent on/).textContent).toBe('Sent on 20 November 2026');
  });

  it('answers 404 for a newsletter that does not exist', async () => {
    const { context } = fakeServer(() => ({ data: { Newsletter: null } }));
    const thrown = await Promise.resolve(letterLoader({ context, params: { id: '404' }, request: new Request('http://church.example/newsletters/404') } as never)).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
