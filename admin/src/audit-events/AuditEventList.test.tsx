import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditEventList, type AuditEventRecord } from './AuditEventScreens';
import { actionInWords } from './auditWords';

const EVENTS: AuditEventRecord[] = [
  {
    id: '3',
    at: '2026-11-23T10:15:00.000Z',
    actorId: '1',
    actor: { firstname: 'Grace', lastname: 'Okafor', role: 'Admin' },
    actorRole: 'Admin',
    action: 'care.read',
    recordKind: 'CounsellingRequest',
    recordIds: ['12'],
    address: '203.0.113.9',
    detail: null,
  },
  { id: '2', at: '2026-11-23T02:00:00.000Z', actorId: null, actor: null, actorRole: null, action: 'retention.run', recordKind: null, recordIds: [], address: null, detail: 'nothing was due' },
];

/** Answers the list with the events above; the "Who" filter finds nobody. */
const dataProvider = {
  getList: async (resource: string) => (resource === 'audit-events' ? { data: EVENTS, total: EVENTS.length } : { data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
} as unknown as DataProvider;

describe('the audit trail', () => {
  afterEach(cleanup);

  it('says in plain words who did what to which record, and offers no way to change it', async () => {
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider}>
          <ResourceContextProvider value="audit-events">
            <AuditEventList />
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const opened = (await screen.findByText('Opened a care record')).closest('tr')!;
    expect(within(opened).getByText('Grace Okafor (Admin)')).toBeTruthy();
    expect(within(opened).getByText('Counselling request 12')).toBeTruthy();
    expect(within(opened).getByText('203.0.113.9')).toBeTruthy();

    const job = screen.getByText('Cleared out old records on schedule').closest('tr')!;
    expect(within(job).getByText('The system')).toBeTruthy();
    expect(within(job).getByText('nothing was due')).toBeTruthy();

    expect(screen.queryByRole('button', { name: /create|delete|edit/i })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows an action it does not know as the server names it', () => {
    expect(actionInWords('gift-aid.claim')).toBe('gift-aid.claim');
  });
});
