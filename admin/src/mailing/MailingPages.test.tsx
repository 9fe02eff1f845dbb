import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsCommunications } from './testConsole';

const open = openAsCommunications;

describe('consent records and sending health', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows a person’s consent record by address, records consent given on paper, and withdraws it after asking', async () => {
    const api = open('/consent-records');
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail address' }, { timeout: 15_000 }), { target: { value: 'ruth@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const table = await screen.findByRole('table', { name: 'Consent record' }, { timeout: 5000 });
    const row = within(table).getByText('Monthly newsletter').closest('tr')!;
    for (const text of ['Given', 'People ask for it (consent)', 'Sign-up form', 'No']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText(/^Send me Monthly newsletter by e-mail/)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'List' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Supporters’ news' }));
    const record = screen.getByRole('button', { name: 'Record consent given on paper or by phone' });
    expect(record.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /The words they agreed to/ }), {
      target: { value: 'Yes, post me the supporters’ news (phone, 3 Nov)' },
    });
    fireEvent.click(record);
    expect(await screen.findByText('Recorded: ruth@example.org agreed to Supporters’ news.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.find((call) => call.operation === 'RecordMailingConsent')!.variables).toEqual({
      listId: '2',
      email: 'ruth@example.org',
      wording: 'Yes, post me the supporters’ news (phone, 3 Nov)',
    });
    expect(within(screen.getByRole('table', { name: 'Consent record' })).getAllByText('Yes')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take ruth@example.org off Supporters’ news?' });
    expect(api.calls.some((call) => call.operation === 'WithdrawMailingConsent')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/^ruth@example.org is off Supporters’ news/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.find((call) => call.operation === 'WithdrawMailingConsent')!.variables).toEqual({ listId: '2', email: 'ruth@example.org' });
  });

  it('shows each check of the sending domain with a tick or a cross and its advice', async () => {
    open('/sending-health');
    expect(await screen.findByText('SPF', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTitle('Passed')).toBeTruthy();
    expect(screen.getByTitle('Failed')).toBeTruthy();
    expect(screen.getByText(/Publish the DKIM key under mail\._domainkey\.example\.org\./)).toBeTruthy();
    expect(screen.queryByText('Could not check (no connection to DNS)')).toBeNull();
  });

  it('says it could not check when DNS cannot be reached, with a question mark for each check', async () => {
    open('/sending-health', { dnsReachable: false });
    expect(await screen.findByText('Could not check (no connection to DNS)', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTitle('Not checked')).toBeTruthy());
  });
});
