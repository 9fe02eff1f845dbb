import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsCommunications } from './testConsole';

const open = openAsCommunications;

describe('mailing lists in the console', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists each list with whether it is offered, who may be on it in words, and its subscribers', async () => {
    open('/mailing-lists');
    const row = (await screen.findByText('Monthly newsletter', undefined, { timeout: 15_000 })).closest('tr')!;
    for (const text of ['Yes', 'People ask for it (consent)', '1204']) expect(within(row).getByText(text)).toBeTruthy();
    const other = screen.getByText('Supporters’ news').closest('tr')!;
    for (const text of ['No', 'Supporters unless they say no (charitable soft opt-in)', '37']) expect(within(other).getByText(text)).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'E-mails' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Consent records' })).toBeTruthy();
  });

  it('creates a list on the basis chosen, each basis explained in one line', async () => {
    const api = open('/mailing-lists/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 15_000 }), { target: { value: 'Prayer diary' } });
    expect(screen.getByText(/Only those who tick a box and confirm their address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Supporters unless they say no/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.operation === 'createMailingList')).toBeTruthy(), { timeout: 5000 });
    expect(api.calls.find((call) => call.operation === 'createMailingList')!.variables).toMatchObject({
      name: 'Prayer diary',
      public: true,
      basis: 'CharitableSoftOptIn',
    });
  });

  it('edits a list’s name and shows its basis without a way to change it', async () => {
    const api = open('/mailing-lists/1');
    fireEvent.change(await screen.findByDisplayValue('Monthly newsletter', undefined, { timeout: 15_000 }), { target: { value: 'Monthly letter' } });
    expect(screen.getByText(/^People ask for it \(consent\)\. Only those who tick/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.operation === 'updateMailingList')).toBeTruthy(), { timeout: 5000 });
    const { variables } = api.calls.find((call) => call.operation === 'updateMailingList')!;
    expect(variables).toMatchObject({ id: '1', name: 'Monthly letter' });
    expect(variables).not.toHaveProperty('basis');
  });
});
