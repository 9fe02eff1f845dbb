import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToken, saveSession } from '../auth/session';
import { createDataProvider } from '../data/dataProvider';
import { SterlingAmount, sterlingProblems } from './SterlingAmount';

const USD_GIFT = { id: '9', status: 'Paid', amount: 20, currency: 'USD', giftAidClaimId: null };

function renderForm(record: Record<string, unknown>) {
  saveSession({ token: 'finance-token', user: { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'finance@example.org', role: 'Finance', permissions: ['finance:manage'] } });
  const sent: { query: string; variables: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    sent.push(JSON.parse(init?.body as string) as { query: string; variables: Record<string, unknown> });
    return Response.json({ data: { setDonationSterlingAmount: { id: '9', sterlingAmount: 15.7 } } });
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider({ resources: [], getToken: currentToken })}>
        <RecordContextProvider value={record}>
          <SterlingAmount />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return sent;
}

describe("a USD gift's amount in pounds in the console", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends the pounds with the rate, where it came from and its day', async () => {
    const sent = renderForm(USD_GIFT);
    fireEvent.click(screen.getByRole('button', { name: 'Amount in pounds' }));
    const dialog = await screen.findByRole('dialog', { name: 'What was this gift worth in pounds?' });
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /In pounds/ }), { target: { value: '15.70' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Rate/ }), { target: { value: '0.785' } });
    expect(save.disabled).toBe(true);
    expect(within(dialog).getByText('Say where the rate came from, e.g. PayPal statement')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Where the rate came from/ }), { target: { value: 'Bank of England' } });
    fireEvent.change(within(dialog).getByLabelText(/Day of the rate/), { target: { value: '2026-01-02' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].variables).toEqual({ id: '9', amount: 15.7, rate: '0.785', rateSource: 'Bank of England', rateDate: '2026-01-02' });
  });

  it('shows nothing for a gift in pounds, and no change once the gift is claimed', () => {
    renderForm({ ...USD_GIFT, currency: 'GBP' });
    expect(screen.queryByRole('button', { name: 'Amount in pounds' })).toBeNull();
    cleanup();
    renderForm({ ...USD_GIFT, giftAidClaimId: '3' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Amount in pounds' }).disabled).toBe(true);
  });

  it('says when the pounds do not match the rate', () => {
    expect(sterlingProblems({ pounds: '9.00', rate: '0.785', source: 'PayPal statement', date: '2026-01-02' }, 20).pounds).toBe('At 0.785, US$20.00 is £15.70');
    expect(sterlingProblems({ pounds: '15.70', rate: '', source: '', date: '' }, 20)).toEqual({});
  });
});
