import { mailingChoiceWording } from '@ministry/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { register } from '../features/accounts';
import { serverGraphql } from '../lib/graphql';
import { fakeServer, fieldError } from '../../test/doubles';
import Register, { action, loader } from './register';

const LISTS = [
  { id: '3', name: 'Church news', description: 'Once a month', basis: 'Consent' },
  { id: '4', name: 'Supporter updates', description: '', basis: 'CharitableSoftOptIn' },
] as const;

function renderRegistration() {
  // The country, state and city lists are not what is tested here: none are offered.
  vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
  const server = fakeServer(({ query }) =>
    query.includes('PublicMailingLists')
      ? { data: { allMailingLists: LISTS } }
      : { errors: [fieldError('email', 'This e-mail address already has an account'), fieldError('password', 'The password needs at least 8 characters')] },
  );
  const Stub = createRoutesStub([{ path: '/register', Component: Register, loader, action }], server.context);
  render(<Stub initialEntries={['/register']} />);
  return { user: userEvent.setup(), sent: server.sent };
}

describe('registration', () => {
  it('ties each refusal to its field, sums them up at the top with focus, and keeps everything typed but the password', async () => {
    const { user, sent } = renderRegistration();
    await user.type(await screen.findByRole('combobox', { name: /Title/ }), 'Sister');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Priscilla');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'priscilla@example.net');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const summary = await screen.findByRole('alert');
    expect([...summary.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['This e-mail address already has an account', '#field-email'],
      ['The password needs at least 8 characters', '#field-password'],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('aria-describedby')).toBe('field-email-error');
    await user.click(screen.getByRole('link', { name: 'This e-mail address already has an account' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Email/ }));
    expect(sent.find((operation) => operation.query.includes('register('))!.variables).toMatchObject({ title: 'Sister', firstname: 'Priscilla', email: 'priscilla@example.net', password: 'short' });
    // What the action hands back fills the fields again (as a page without JavaScript would show them): never the password.
    expect(screen.getByRole('textbox', { name: /First name/ }).getAttribute('value')).toBe('Priscilla');
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('value')).toBe('priscilla@example.net');
  });

  it('offers every public list unticked in its own words, sends a choice for each, and keeps the ticks after a refusal', async () => {
    const { user, sent } = renderRegistration();
    const news = await screen.findByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording(LISTS[0]) });
    const updates = screen.getByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording(LISTS[1]) });
    expect([news.checked, updates.checked]).toEqual([false, false]);
    await user.click(updates);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('alert');
    expect(sent.find((operation) => operation.query.includes('register('))!.variables.mailingChoices).toEqual([
      { listId: '3', ticked: false },
      { listId: '4', ticked: true },
    ]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: mailingChoiceWording(LISTS[1]) }).checked).toBe(true);
  });

  it('never hands the password back to the page it fills again', async () => {
    const { context } = fakeServer(() => ({ errors: [fieldError('password', 'The password needs at least 8 characters')] }));
    const form = new FormData();
    form.set('email', ' priscilla@example.net ');
    form.set('password', 'short');
    const result = (await register(serverGraphql(context), form))!;
    expect(result.values.email).toBe('priscilla@example.net');
    expect(result.values).not.toHaveProperty('password');
    expect(result.errors.fields.password).toBe('The password needs at least 8 characters');
  });
});
