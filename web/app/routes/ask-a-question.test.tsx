import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, fieldError } from '../../test/doubles';
import AskAQuestion, { action, headers, loader } from './ask-a-question';

/** The public question form with its real loader and action, in front of a server that answers `reply`, or each of `replies` in turn. */
async function renderQuestionForm(...replies: GraphqlResult<unknown>[]) {
  const server = fakeServer(() => (replies.length > 1 ? replies.shift()! : replies[0]));
  const Stub = createRoutesStub(
    [
      { path: '/ask-a-question', Component: AskAQuestion, action, loader },
      { path: '/success', Component: () => <h1>Your message has been received</h1> },
    ],
    server.context,
  );
  render(<Stub initialEntries={['/ask-a-question']} />);
  // The loader runs before the form shows.
  await screen.findByRole('button', { name: 'Send question' });
  return { user: userEvent.setup(), sent: server.sent };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const email = () => screen.getByRole('textbox', { name: /Email/ });
/** The form's hidden idempotency key. */
const formKey = () => document.querySelector<HTMLInputElement>('input[type="hidden"][name="idempotencyKey"]')!.value;
const question = () => screen.getByRole('textbox', { name: /Your question/ });

describe('a public request form', () => {
  it('marks its required fields for sighted and screen-reader users alike', async () => {
    await renderQuestionForm({ data: {} });
    for (const field of [email(), question()]) {
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(field.closest('.field')!.querySelector('label')!.textContent).toMatch(/ \*$/);
    }
  });

  it('shows each message of the server under its field and in the summary, which takes focus', async () => {
    const { user } = await renderQuestionForm({ errors: [fieldError('question', 'Please write your question'), fieldError('email', 'Please enter your e-mail address')] });
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    await screen.findByRole('link', { name: 'Please enter your e-mail address' });
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby')!)!.textContent).toBe('Please enter your e-mail address');
    expect(question().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question().getAttribute('aria-describedby')!)!.textContent).toBe('Please write your question');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('alert').querySelector('p')).toBeNull();
  });

  it('sends what was typed, trimmed, with the hidden anti-spam field, and keeps it after a refusal', async () => {
    const { user, sent } = await renderQuestionForm({ errors: [fieldError('email', 'Please enter a valid e-mail address')] });
    await user.type(email(), '  lydia@example  ');
    await user.type(question(), 'How do I prepare for baptism? ');
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    await screen.findByRole('link', { name: 'Please enter a valid e-mail address' });
    expect(sent).toHaveLength(1);
    expect(sent[0].query).toMatch(/createQuestion\(/);
    expect(sent[0].variables).toEqual({ email: 'lydia@example', question: 'How do I prepare for baptism?', website: '' });
    expect((question() as HTMLTextAreaElement).value).toBe('How do I prepare for baptism? ');
  });

  it('puts a message that names no field above the form and moves focus to it', async () => {
    const { user } = await renderQuestionForm({ errors: [{ message: 'Too many messages from your address. Please try again in a minute.', extensions: { code: 'TOO_MANY_REQUESTS' } }] });
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe('Too many messages from your address. Please try again in a minute.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('goes to the thank-you page once the server has the question', async () => {
    const { user } = await renderQuestionForm({ data: { createQuestion: { id: '5' } } });
    await user.type(email(), 'lydia@example.org');
    await user.type(question(), 'When is the next baptism service?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByRole('heading', { name: 'Your message has been received' })).toBeTruthy();
  });

  it('carries a key made for this render of the form and sends the question under it', async () => {
    const { user, sent } = await renderQuestionForm({ data: { createQuestion: { id: '6' } } });
    const key = formKey();
    expect(key).toMatch(UUID);
    await user.type(email(), 'lydia@example.org');
    await user.type(question(), 'Is there a crèche?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    await screen.findByRole('heading', { name: 'Your message has been received' });
    expect(sent[0].options).toEqual({ idempotencyKey: key });
  });

  it('sends the same key again after the server could not store the question, so the retry stores it once', async () => {
    const unavailable = { message: 'The site is briefly unavailable. Please try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } };
    const { user, sent } = await renderQuestionForm({ errors: [unavailable] }, { data: { createQuestion: { id: '7' } } });
    const key = formKey();
    await user.type(email(), 'lydia@example.org');
    await user.type(question(), 'Is there a crèche?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect((await screen.findByRole('alert')).querySelector('p')!.textContent).toBe(unavailable.message);
    expect(formKey()).toBe(key);

    await user.click(screen.getByRole('button', { name: 'Send question' }));
    await screen.findByRole('heading', { name: 'Your message has been received' });
    expect(sent.map((operation) => operation.options?.idempotencyKey)).toEqual([key, key]);
  });

  it('says the form was already received and sends the changed form under a new key when the server refuses the old one', async () => {
    const reused = { message: 'This form was already sent with other details under the same key.', extensions: { code: 'UNPROCESSABLE', field: 'Idempotency-Key' } };
    const { user, sent } = await renderQuestionForm({ errors: [reused] }, { data: { createQuestion: { id: '8' } } });
    const key = formKey();
    await user.type(email(), 'lydia@example.org');
    await user.type(question(), 'Is there a crèche on Sundays?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already received this form.*press the button again/);

    await user.click(screen.getByRole('button', { name: 'Send question' }));
    await screen.findByRole('heading', { name: 'Your message has been received' });
    expect(sent[1].options!.idempotencyKey).toMatch(UUID);
    expect(sent[1].options!.idempotencyKey).not.toBe(key);
  });

  it('makes a new key for every render and keeps the page out of caches shared by visitors', () => {
    const [first, second] = [loader(), loader()];
    expect(first.data.idempotencyKey).not.toBe(second.data.idempotencyKey);
    const loaderHeaders = new Headers(first.init?.headers);
    expect(loaderHeaders.get('Cache-Control')).toBe('no-store');
    const pageHeaders = new Headers(headers({ loaderHeaders, parentHeaders: new Headers({ 'X-From-Root': 'kept' }), actionHeaders: new Headers(), errorHeaders: undefined }));
    expect(pageHeaders.get('Cache-Control')).toBe('no-store');
    expect(pageHeaders.get('X-From-Root')).toBe('kept');
  });
});
