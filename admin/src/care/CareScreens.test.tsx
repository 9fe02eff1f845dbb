import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { createFakeApi } from '../test/fakeApi';

const PASTOR_PERMISSIONS = ['console:sign-in', 'care:read', 'care:contact-details', 'care:manage', 'prayer:read-shared', 'prayer:moderate'];

const open = (path: string, permissions: string[]) => {
  const api = createFakeApi();
  vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
  saveSession({ token: 'admin-token', user: { id: '7', firstname: 'Grace', lastname: 'Adeyemi', email: 'pastor@example.org', role: 'Pastor', permissions } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return api;
};

const openRequest = (permissions: string[]) => open('/care/ContactEnquiry-1/show', permissions);

const timeline = () => within(screen.getByRole('region', { name: 'Timeline' }));

// The first render loads the console and its screens on demand, which takes a while under jsdom.
describe('one request in the care inbox', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists requests with their kind, assignee and age, asking only for the columns', async () => {
    const api = open('/care', PASTOR_PERMISSIONS);
    const row = (await screen.findByText('Lydia Thyatira', undefined, { timeout: 15_000 })).closest('tr')!;
    for (const text of ['Contact enquiry', 'Counselling', 'New', 'Unassigned', 'No reply after 2 days', 'No reply yet']) expect(within(row).getByText(text)).toBeTruthy();
    const list = api.calls.find((call) => call.operation === 'allCareRequests')!;
    expect(list.query).toMatch(/assignee \{[^}]*firstname/);
    expect(list.query).not.toMatch(/timeline|message/);
  });

  it('opens a request by keyboard too: each row has a Show link to it', async () => {
    open('/care', PASTOR_PERMISSIONS);
    const row = (await screen.findByText('Lydia Thyatira', undefined, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Show' }).getAttribute('href')).toBe('/care/ContactEnquiry-1/show');
  });

  it('adds a note and e-mails a reply only after the Pastor confirms, and both appear on the timeline', async () => {
    const api = openRequest(PASTOR_PERMISSIONS);
    expect(await screen.findByText('Could someone pray with me?', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Nobody has replied yet, 2 days after it came.')).toBeTruthy();
    // A note about someone is in their copy of their data if they ask: staff are told so where they write it.
    expect(screen.getByRole('textbox', { name: 'Note', description: /The person can ask for a copy of this note\.$/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Note', { selector: 'textarea' }), { target: { value: 'Rang her on Monday.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await timeline().findByText('Rang her on Monday.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(timeline().getByText(/^Note by Grace Adeyemi/)).toBeTruthy();
    const added = screen.getByText('The note is added');
    expect(added.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(added);

    fireEvent.change(screen.getByLabelText('Your reply', { selector: 'textarea' }), { target: { value: 'We are praying for you.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(within(dialog).getByText('This e-mails your reply to Lydia Thyatira <lydia@example.net>. It cannot be taken back.')).toBeTruthy();
    expect(api.careRequests[0].timeline).toHaveLength(1);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, go back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, send it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(await timeline().findByText('We are praying for you.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.careRequests[0].timeline).toMatchObject([
      { type: 'Note', body: 'Rang her on Monday.' },
      { type: 'Reply', body: 'We are praying for you.' },
    ]);
  });

  it("pastes the requester's answer back as their answer, not as a staff note", async () => {
    const api = openRequest(PASTOR_PERMISSIONS);
    fireEvent.change(await screen.findByLabelText('Their answer', { selector: 'textarea' }, { timeout: 15_000 }), { target: { value: 'Thursday suits me.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add their answer' }));
    expect(await timeline().findByText(/^Answer from the requester, added by Grace Adeyemi/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.careRequests[0].timeline).toMatchObject([{ type: 'RequesterAnswer', body: 'Thursday suits me.' }]);
  });

  it('shows the request without forms to someone who may read but not manage care', async () => {
    openRequest(['console:sign-in', 'care:read']);
    expect(await screen.findByText('Could someone pray with me?', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });
});
