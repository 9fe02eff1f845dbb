import { DataTable, EmailField, List, TextField } from 'react-admin';
import { IdField, PreviewField, StatusField, WhenField } from '../common/fields';
import { RequestEdit, RequestShow, requestFilters } from '../common/requests';
import { BulkDeleteActions } from '../common/screens';

export const CounsellingRequestList = () => (
  <List filters={requestFilters('Search name, e-mail, phone or description')} sort={{ field: 'createdAt', order: 'DESC' }} title="Counselling requests">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="phone" label="Phone" />
      <DataTable.Col source="description" label="Description" disableSort>
        <PreviewField source="description" max={100} />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
    </DataTable>
  </List>
);

const Details = [
  <TextField key="name" source="name" label="Name" />,
  <EmailField key="email" source="email" label="Email" />,
  <TextField key="phone" source="phone" label="Phone" />,
  <TextField key="description" source="description" label="Description" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const CounsellingRequestShow = () => <RequestShow title="Counselling request">{Details}</RequestShow>;
export const CounsellingRequestEdit = () => <RequestEdit title="Update counselling request">{Details}</RequestEdit>;
