import type { ReactNode } from 'react';
import { EmailField, List, SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput, TopToolbar, usePermissions } from 'react-admin';
import { DataTable } from './DataTable';
import { PERMISSION } from '@ministry/shared';
import { can, type Permissions } from '../auth/permissions';
import { IdField, StatusField, WhenField } from './fields';
import { REQUEST_STATUS_HELP, RequestStatusInput } from './inputs';
import { BulkDeleteActions, EditScreen, ListLoadError, OPEN_COLUMN, ShowActions, ShowLoadError } from './screens';
import { spreadsheetExporter } from './export';

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

/** Whether the signed-in person follows requests up (status, note, deletion) rather than only reading them. */
export const useCanManageCare = () => can(usePermissions<Permissions>().permissions, PERMISSION.careManage);

/**
 * A review list, newest first: the id, the request's own columns (`children`), then its status and when it came.
 * `columns` after the status are the request's own too. Only care staff may select rows to delete them.
 */
export const RequestList = ({ title, searchPlaceholder, children, columns }: { title: string; searchPlaceholder: string; children: ReactNode; columns?: ReactNode }) => {
  const canManage = useCanManageCare();
  return (
    <List exporter={spreadsheetExporter} filters={requestFilters(searchPlaceholder)} sort={{ field: 'createdAt', order: 'DESC' }} title={title} error={<ListLoadError />}>
      <DataTable rowClick="show" bulkActionButtons={canManage ? <BulkDeleteActions /> : false}>
        <DataTable.Col source="id" label="ID" field={IdField} />
        {children}
        <DataTable.Col source="status" label="Status" field={StatusField} />
        {columns}
        <DataTable.Col source="createdAt" label="Received" field={WhenField} />
        {OPEN_COLUMN}
      </DataTable>
    </List>
  );
};

/**
 * Read-only details of one request, with the status, and for care staff the staff note and the buttons to
 * update or delete it. `actions` are more buttons of the request's own.
 */
export const RequestShow = ({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) => {
  const canManage = useCanManageCare();
  return (
    <Show
      title={title}
      error={<ShowLoadError />}
      actions={
        canManage ? (
          <ShowActions editLabel="Update status">{actions}</ShowActions>
        ) : (
          <TopToolbar>{actions}</TopToolbar>
        )
      }
    >
      <SimpleShowLayout>
        <IdField label="ID" />
        {children}
        <WhenField label="Received" />
        <StatusField label="Status" />
        {canManage && <TextField source="note" label="Staff note" emptyText="—" />}
      </SimpleShowLayout>
    </Show>
  );
};

/** The details stay read-only; staff set the status and keep a note of what was done. */
export const RequestEdit = ({ title, children }: { title: string; children: ReactNode }) => (
  <EditScreen title={title}>
    <SimpleForm>
      <SimpleShowLayout sx={{ p: 0 }}>
        <IdField label="ID" />
        {children}
        <WhenField label="Received" />
      </SimpleShowLayout>
      <RequestStatusInput helperText={REQUEST_STATUS_HELP} />
      <TextInput source="note" label="Staff note" multiline minRows={3} fullWidth helperText="Only staff see it here. The person can ask for a copy of this note." />
    </SimpleForm>
  </EditScreen>
);
