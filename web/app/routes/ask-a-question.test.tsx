import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, fieldError } from '../../test/doubles';
import AskAQuestion, { action } from './ask-a-question';

/** The public question form with its real action, in front of a server that answers `reply`. */
function renderQuestionForm(reply: GraphqlResult<unknown>) {
  const server = fakeServer(() => reply);
  const Stub = createRoutesStub(
    [
      { path: '/ask-a-question', Component: AskAQuestion, action },
      { path: '/success', Component: () => <h1>Your message has been received</h1> },
    ],
    server.context,
  );
  render(<Stub initialEntries={['/ask-a-question']} />);
  return { user: userEvent.setup(), sent: server.sent };
}

const email = () => screen.getByRole('textbox', { name: /Email/ });
const question = () => screen.getByRole('textbox', { name: /Your question/ });

describe('a public request form', () => {
  it('marks its required fields for sighted and screen-reader users alike', () => {
    renderQuestionForm({ data: {} });
    for (const field of [email(), question()]) {
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(field.closest('.field')!.querySelector('label')!.textContent).toMatch(/ \*$/);
    }
  });

  it('shows each message of the server under its field and moves focus to the first', async () => {
    const { user } = renderQuestionForm({ errors: [fieldError('question', 'Please write your question'), fieldError('email', 'Please enter your e-mail address')] });
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    await screen.findByText('Please enter your e-mail address');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby')!)!.textContent).toBe('Please enter your e-mail address');
    expect(question().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question().getAttribute('aria-describedby')!)!.textContent).toBe('Please write your question');
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends what was typed, trimmed, with the hidden anti-spam field, and keeps it after a refusal', async () => {
    const { user, sent } = renderQuestionForm({ errors: [fieldError('email', 'Please enter a valid e-mail address')] });
    await user.type(email(), '  lydia@example  ');
    await user.type(question(), 'How do I prepare for baptism? ');
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    await screen.findByText('Please enter a valid e-mail address');
    expect(sent).toHaveLength(1);
    expect(sent[0].query).toMatch(/createQuestion\(/);
    expect(sent[0].variables).toEqual({ email: 'lydia@example', question: 'How do I prepare for baptism?', website: '' });
    expect((question() as HTMLTextAreaElement).value).toBe('How do I prepare for baptism? ');
  });

  it('puts a message that names no field above the form and moves focus to it', async () => {
    const { user } = renderQuestionForm({ errors: [{ message: 'Too many messages from your address. Please try again in a minute.', extensions: { code: 'TOO_MANY_REQUESTS' } }] });
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many messages from your address. Please try again in a minute.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('goes to the thank-you page once the server has the question', async () => {
    const { user } = renderQuestionForm({ data: { createQuestion: { id: '5' } } });
    await user.type(email(), 'lydia@example.org');
    await user.type(question(), 'When is the next baptism service?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByRole('heading', { name: 'Your message has been received' })).toBeTruthy();
  });
});
