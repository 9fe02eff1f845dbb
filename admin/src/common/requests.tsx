import type { ReactNode } from 'react';
import { SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { IdField, StatusField, WhenField } from './fields';
import { RequestStatusInput } from './inputs';
import { EditScreen, ShowActions } from './screens';

/** Every review list can be searched and narrowed to one status. */
export const requestFilters = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />,
  <RequestStatusInput key="status" alwaysOn emptyText="Any status" />,
];

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
