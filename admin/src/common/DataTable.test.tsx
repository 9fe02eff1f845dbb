import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, List, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

const dataProvider = {
  getList: async () => ({ data: [{ id: 1, name: 'Ruth', joined: '2026-01-04', note: 'Welcome team' }], total: 1 }),
} as unknown as DataProvider;

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('a list table', () => {
  afterEach(cleanup);

  it('tells assistive technology which column sorts the list, and which way, as the sort changes', async () => {
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider}>
          <ResourceContextProvider value="members">
            <List sort={{ field: 'joined', order: 'DESC' }} disableSyncWithLocation>
              <DataTable bulkActionButtons={false}>
                <DataTable.Col source="name" label="Name" />
                <DataTable.Col source="joined" label="Joined" />
                <DataTable.Col source="note" label="Note" disableSort />
              </DataTable>
            </List>
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    await screen.findByText('Ruth');
    expect(header('Joined').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').hasAttribute('aria-sort')).toBe(false);
    expect(header('Note').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(header('Name')).getByText('Name'));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Joined').hasAttribute('aria-sort')).toBe(false);
  });
});
