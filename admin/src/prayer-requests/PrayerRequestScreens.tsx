import { DataTable, TextField, useRecordContext } from 'react-admin';
import { PersonField, PreviewField } from '../common/fields';
import { RequestEdit, RequestList, RequestShow } from '../common/requests';

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
  <RequestList title="Prayer requests" searchPlaceholder="Search title or request">
    <DataTable.Col source="title" label="Title" />
    <DataTable.Col source="body" label="Request" disableSort>
      <PreviewField source="body" max={100} />
    </DataTable.Col>
    <DataTable.Col label="Member" disableSort>
      <PersonField source="user" />
    </DataTable.Col>
    <DataTable.Col label="Location" disableSort field={Location} />
  </RequestList>
);

const Details = [
  <Member key="member" label="Member" />,
  <Location key="location" label="Location" />,
  <TextField key="title" source="title" label="Title" />,
  <TextField key="body" source="body" label="Request" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const PrayerRequestShow = () => <RequestShow title="Prayer request">{Details}</RequestShow>;
export const PrayerRequestEdit = () => <RequestEdit title="Update prayer request">{Details}</RequestEdit>;
