import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToken, saveSession } from '../auth/session';
import { createDataProvider } from '../data/dataProvider';
import { EmailStatusField, MarkEmailVerified } from './MemberScreens';

const UNCONFIRMED = { id: '12', emailVerified: false, emailVerifiedAt: null, pendingEmail: null };

/** One member's address status and the button, as the member screen shows them, over a server that records calls. */
function renderMember(record: Record<string, unknown>) {
  saveSession({ token: 'admin-token', user: { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'admin@example.org', role: 'Admin', permissions: ['members:manage'] } });
  const sent: { query: string; variables: Record<string, unknown>; authorization: string | null }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(init?.body as string) as { query: string; variables: Record<string, unknown> };
    sent.push({ ...body, authorization: new Headers(init?.headers).get('authorization') });
    return Response.json({ data: { markEmailVerified: { id: '12', emailVerified: true, emailVerifiedAt: '2026-11-25T10:00:00.000Z' } } });
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider({ resources: [], getToken: currentToken })}>
        <RecordContextProvider value={record}>
          <EmailStatusField />
          <MarkEmailVerified />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return sent;
}

describe('a member’s e-mail address in the console', () => {
  afterEach(cleanup);

  it('marks an unconfirmed address confirmed only after staff say they checked it', async () => {
    const sent = renderMember(UNCONFIRMED);
    expect(screen.getByText('Not confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark e-mail address as confirmed' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Only if you have checked that the address belongs to this person/)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, it is theirs' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ query: expect.stringMatching(/markEmailVerified\(id: \$id\)/), variables: { id: '12' }, authorization: 'Bearer admin-token' });
  });

  it('offers nothing to do for a confirmed address, and names a new one waiting for its link', () => {
    const sent = renderMember({ ...UNCONFIRMED, emailVerified: true, emailVerifiedAt: '2026-11-20T09:00:00.000Z', pendingEmail: 'new@example.net' });
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByText('New address waiting for its link: new@example.net')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark e-mail address as confirmed' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
