import { DataTable, List, TextField, useRecordContext } from 'react-admin';
import { IdField, PersonField, PreviewField, StatusField, WhenField } from '../common/fields';
import { RequestEdit, RequestShow, requestFilters } from '../common/requests';
import { BulkDeleteActions } from '../common/screens';

type PrayerRequestUser = { title?: string; firstname?: string; lastname?: string; country?: string; state?: string; city?: string };

const Member = (_props: { label?: string }) => {
  const user = useRecordContext<{ user?: PrayerRequestUser }>()?.user;
  return <span>{user ? [user.title, user.firstname, user.lastname].filter(Boolean).join(' ') : ''}</span>;
};

const Location = (_props: { label?: string }) => {
  const user = useRecordContext<{ user?: PrayerRequestUser }>()?.user;
  return <span>{user ? [user.city, user.state, user.country].filter(Boolean).join(', ') : ''}</span>;
};

export const PrayerRequestList = () => (
  <List filters={requestFilters('Search title or request')} sort={{ field: 'createdAt', order: 'DESC' }} title="Prayer requests">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="body" label="Request" disableSort>
        <PreviewField source="body" max={100} />
      </DataTable.Col>
      <DataTable.Col label="Member" disableSort>
        <PersonField source="user" />
      </DataTable.Col>
      <DataTable.Col label="Location" disableSort field={Location} />
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
    </DataTable>
  </List>
);

const Details = [
  <Member key="member" label="Member" />,
  <Location key="location" label="Location" />,
  <TextField key="title" source="title" label="Title" />,
  <TextField key="body" source="body" label="Request" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const PrayerRequestShow = () => <RequestShow title="Prayer request">{Details}</RequestShow>;
export const PrayerRequestEdit = () => <RequestEdit title="Update prayer request">{Details}</RequestEdit>;
