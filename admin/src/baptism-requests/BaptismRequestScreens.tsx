import { DataTable, EmailField, List, TextField } from 'react-admin';
import { IdField, StatusField, WhenField } from '../common/fields';
import { RequestEdit, RequestShow, requestFilters } from '../common/requests';
import { BulkDeleteActions } from '../common/screens';

export const BaptismRequestList = () => (
  <List filters={requestFilters('Search name, e-mail or phone')} sort={{ field: 'createdAt', order: 'DESC' }} title="Baptism requests">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="phone" label="Phone" />
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
    </DataTable>
  </List>
);

const Details = [
  <TextField key="name" source="name" label="Name" />,
  <EmailField key="email" source="email" label="Email" />,
  <TextField key="phone" source="phone" label="Phone" />,
];

export const BaptismRequestShow = () => <RequestShow title="Baptism request">{Details}</RequestShow>;
export const BaptismRequestEdit = () => <RequestEdit title="Update baptism request">{Details}</RequestEdit>;
