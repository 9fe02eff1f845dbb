import type { ReactNode } from 'react';
import { DataTable, EmailField, List, SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { IdField, StatusField, WhenField } from './fields';
import { RequestStatusInput } from './inputs';
import { BulkDeleteActions, EditScreen, ShowActions } from './screens';

/** Who sent a request from the public site, as list columns: name, e-mail and phone. */
export const SENDER_COLUMNS = [
  <DataTable.Col key="name" source="name" label="Name" />,
  <DataTable.Col key="email" source="email" label="Email" />,
  <DataTable.Col key="phone" source="phone" label="Phone" />,
];

/** Who sent a request, as details of one request. */
export const SENDER_FIELDS = [
  <TextField key="name" source="name" label="Name" />,
  <EmailField key="email" source="email" label="Email" />,
  <TextField key="phone" source="phone" label="Phone" />,
];

/** Every review list can be searched and narrowed to one status. */
const requestFilters = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />,
  <RequestStatusInput key="status" alwaysOn emptyText="Any status" />,
];

/** A review list, newest first: the id, the request's own columns (`children`), then its status and when it came. */
export const RequestList = ({ title, searchPlaceholder, children }: { title: string; searchPlaceholder: string; children: ReactNode }) => (
  <List filters={requestFilters(searchPlaceholder)} sort={{ field: 'createdAt', order: 'DESC' }} title={title}>
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      {children}
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
    </DataTable>
  </List>
);

/** Read-only details of one request, with the status and the staff note. */
export const RequestShow = ({ title, children }: { title: string; children: ReactNode }) => (
  <Show title={title} actions={<ShowActions editLabel="Update status" />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      {children}
      <WhenField label="Received" />
      <StatusField label="Status" />
      <TextField source="note" label="Staff note" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);

/** The details stay read-only; staff set the status and keep a note of what was done. */
export const RequestEdit = ({ title, children }: { title: string; children: ReactNode }) => (
  <EditScreen title={title}>
    <SimpleForm>
      <SimpleShowLayout sx={{ p: 0 }}>
        <IdField label="ID" />
        {children}
        <WhenField label="Received" />
      </SimpleShowLayout>
      <RequestStatusInput helperText="New: not looked at yet. In progress: someone is dealing with it. Closed: done." />
      <TextInput source="note" label="Staff note" multiline minRows={3} fullWidth helperText="Only staff see this note." />
    </SimpleForm>
  </EditScreen>
);
