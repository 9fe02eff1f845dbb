import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToken, saveSession } from '../auth/session';
import { createDataProvider } from '../data/dataProvider';
import { RefundDonation } from './RefundDonation';

const PART_REFUNDED = { id: '7', status: 'Paid', amount: 100, refundedAmount: 40, currency: 'GBP' };

/** The refund button of one donation, over a server that records calls and answers `answer`. */
function renderRefund(record: Record<string, unknown>, answer: unknown = { data: { refundDonation: { id: '7', status: 'Paid', refundedAmount: 65 } } }) {
  saveSession({ token: 'finance-token', user: { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'finance@example.org', role: 'Finance', permissions: ['finance:manage'] } });
  const sent: { query: string; variables: Record<string, unknown>; key: string | null }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const key = new Headers(init?.headers).get('idempotency-key');
    sent.push({ ...(JSON.parse(init?.body as string) as { query: string; variables: Record<string, unknown> }), key });
    return Response.json(answer);
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider({ resources: [], getToken: currentToken })}>
        <RecordContextProvider value={record}>
          <RefundDonation />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return sent;
}

describe('refunding a donation in the console', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers what is left, focuses "No, go back", and refunds only the amount asked after the last look', async () => {
    const sent = renderRefund(PART_REFUNDED);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this donation?' });
    expect(within(dialog).getByText(/£60\.00 of £100\.00 is left to refund/)).toBeTruthy();
    const amount = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Amount to refund (GBP)' });
    expect(amount.value).toBe('60.00');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, go back' })));

    fireEvent.change(amount, { target: { value: '60.01' } });
    expect(within(dialog).getByText('At most £60.00 is left to refund')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £25.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ query: expect.stringMatching(/refundDonation\(id: \$id, amount: \$amount\)/), variables: { id: '7', amount: 25 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('sends one Idempotency-Key per refund asked for, the same when the request is sent again', async () => {
    const sent = renderRefund(PART_REFUNDED, { errors: [{ message: 'PayPal did not answer', extensions: { code: 'BAD_GATEWAY' } }] });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    await within(dialog).findByText('PayPal did not answer');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount to refund (GBP)' }), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].key).toBe(sent[0].key);
  });

  it("shows the server's refusal in the dialog, and offers nothing for a gift refunded in full", async () => {
    const refusal = { errors: [{ message: 'amount must be at most 60.00, what is left of this gift of £100.00', extensions: { code: 'BAD_USER_INPUT', field: 'amount' } }] };
    renderRefund(PART_REFUNDED, refusal);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    // The field's program name in words: "amount" is "The amount".
    expect(await within(dialog).findByText('The amount must be at most 60.00, what is left of this gift of £100.00')).toBeTruthy();
    cleanup();

    renderRefund({ ...PART_REFUNDED, status: 'Refunded', refundedAmount: 100 });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(true);
  });
});
