import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createMailingApi } from './testApi';
import { openAsCommunications } from './testConsole';

const open = openAsCommunications;

const operation = (api: ReturnType<typeof createMailingApi>, name: string) => api.calls.filter((call) => call.operation === name);

// The first render loads the console and its screens on demand, which takes a while under jsdom.
describe('e-mails to lists in the console', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists e-mails with their audience, status and how many were sent', async () => {
    open('/broadcasts');
    const row = (await screen.findByText('Harvest thanks', undefined, { timeout: 15_000 })).closest('tr')!;
    for (const text of ['Monthly newsletter', 'Sent', '1 of 3']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(screen.getByText('Advent letter').closest('tr')!).getByText('— of 1204')).toBeTruthy();
  });

  it('composes a draft to a list, says how many it will reach, and waits for a subject and a message before a preview', async () => {
    const api = open('/broadcasts/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Subject/ }, { timeout: 15_000 }), { target: { value: 'Christmas services' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy());
    expect(screen.getByText('Choose who it goes to')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^List/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Supporters’ news' }));
    expect(await screen.findByText('Will go to 37 people', undefined, { timeout: 5000 })).toBeTruthy();
    expect(operation(api, 'AudienceSize').at(-1)?.variables).toEqual({ audience: { kind: 'List', listId: '2' } });
    expect(screen.getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Send to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Staff of a role' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Role/ }));
    expect(screen.queryByRole('option', { name: 'Member' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Pastor' }));
    expect(await screen.findByText('Will go to 3 people', undefined, { timeout: 5000 })).toBeTruthy();
    expect(operation(api, 'AudienceSize').at(-1)?.variables).toEqual({ audience: { kind: 'Role', role: 'Pastor' } });
  });

  it('shows the preview in a frame 375 pixels wide for a phone and 700 for a desktop', async () => {
    const api = open('/broadcasts/21');
    await screen.findByDisplayValue('Advent letter', undefined, { timeout: 15_000 });
    expect(await screen.findByText('Will go to 1,204 people', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle<HTMLIFrameElement>('Preview of the e-mail', undefined, { timeout: 5000 });
    expect(frame.getAttribute('width')).toBe('375');
    expect(frame.getAttribute('srcdoc')).toMatch(/<h1>Advent letter<\/h1><p>Come and see<\/p>.*Unsubscribe/);
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(operation(api, 'PreviewBroadcast')[0].variables).toEqual({
      subject: 'Advent letter',
      body: '<p>Come and see</p>',
      audience: { kind: 'List', listId: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Desktop' }));
    expect(frame.getAttribute('width')).toBe('700');
  });

  it('saves a changed draft with only what it says and who it goes to, then shows it', async () => {
    const api = open('/broadcasts/21');
    fireEvent.change(await screen.findByDisplayValue('Advent letter', undefined, { timeout: 15_000 }), { target: { value: 'Advent letter, with dates' } });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(api.calls.find((call) => call.operation === 'updateBroadcast')).toBeTruthy(), { timeout: 5000 });
    const { variables } = api.calls.find((call) => call.operation === 'updateBroadcast')!;
    expect(variables).toEqual({ id: '21', subject: 'Advent letter, with dates', body: '<p>Come and see</p>', audience: { kind: 'List', listId: '1' } });
    expect(await screen.findByRole('button', { name: 'Send now' }, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a draft only after a question that states the count, and a test to the caller’s own address', async () => {
    const api = open('/broadcasts/21/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test to me' }, { timeout: 15_000 }));
    expect(await screen.findByText('A test is on its way to comms@example.org', undefined, { timeout: 5000 })).toBeTruthy();
    expect(operation(api, 'TestSendBroadcast')[0].variables).toEqual({ id: '21' });

    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 1,204 people now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(operation(api, 'SendBroadcast')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send to 1,204 people now?' })).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('“Advent letter” is on its way to 1,204 people', undefined, { timeout: 5000 })).toBeTruthy();
    expect(operation(api, 'SendBroadcast')[0].variables).toEqual({ id: '21', at: null });
  });

  it('schedules a draft for a time chosen, and cancels the schedule', async () => {
    const api = open('/broadcasts/21/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule…' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 1,204 people later?' });
    fireEvent.change(within(dialog).getByLabelText('Send on'), { target: { value: '2099-12-24T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(operation(api, 'SendBroadcast')).toHaveLength(1));
    expect(operation(api, 'SendBroadcast')[0].variables).toEqual({ id: '21', at: new Date('2099-12-24T09:00').toISOString() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the schedule' }, { timeout: 5000 }));
    expect(await screen.findByText('“Advent letter” is a draft again; it will not be sent', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.broadcasts.find((row) => row.id === '21')?.status).toBe('Draft');
  });

  it('shows how a sent e-mail went in words, and its recipients narrowed by status with their mail server’s reply', async () => {
    const api = open('/broadcasts/22/show');
    expect(await screen.findByText('Sent to 1 person · 1 bounced (the address does not work) · 1 unsubscribed', undefined, { timeout: 15_000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Recipients' });
    await within(table).findByText('grace@example.org');
    expect(within(within(table).getByText('nobody@example.org').closest('tr')!).getByText('550 5.1.1 No such user here')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unsubscribed' }));
    await waitFor(() => expect(operation(api, 'BroadcastRecipients')).toHaveLength(2));
    await within(table).findByText('grace@example.org');
    expect(within(table).queryByText('ada@example.org')).toBeNull();
    expect(operation(api, 'BroadcastRecipients').at(-1)?.variables).toEqual({ id: '22', page: 0, perPage: 25, status: 'Unsubscribed' });
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
