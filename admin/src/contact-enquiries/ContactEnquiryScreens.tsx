import { DataTable, EmailField, List, SelectField, TextField } from 'react-admin';
import { IdField, PreviewField, StatusField, WhenField } from '../common/fields';
import { RequestEdit, RequestShow, requestFilters } from '../common/requests';
import { BulkDeleteActions } from '../common/screens';

export const REASONS = ['counselling', 'wedding', 'prayer', 'baptism', 'other'].map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }));

const filters = requestFilters('Search name, e-mail, phone, reason or message');

export const ContactEnquiryList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Contact enquiries">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="phone" label="Phone" />
      <DataTable.Col source="reason" label="Reason">
        <SelectField source="reason" choices={REASONS} />
      </DataTable.Col>
      <DataTable.Col source="message" label="Message" disableSort>
        <PreviewField source="message" max={80} />
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
  <SelectField key="reason" source="reason" label="Reason" choices={REASONS} />,
  <TextField key="message" source="message" label="Message" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const ContactEnquiryShow = () => <RequestShow title="Contact enquiry">{Details}</RequestShow>;
export const ContactEnquiryEdit = () => <RequestEdit title="Update contact enquiry">{Details}</RequestEdit>;
