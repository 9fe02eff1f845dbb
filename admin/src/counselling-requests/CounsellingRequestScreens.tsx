import { TextField } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PreviewField } from '../common/fields';
import { RequestEdit, RequestList, RequestShow, SENDER_COLUMNS, SENDER_FIELDS } from '../common/requests';

export const CounsellingRequestList = () => (
  <RequestList title="Counselling requests" searchPlaceholder="Search name, e-mail, phone or description">
    {SENDER_COLUMNS}
    <DataTable.Col source="description" label="Description" disableSort>
      <PreviewField source="description" max={100} />
    </DataTable.Col>
  </RequestList>
);

const Details = [
  ...SENDER_FIELDS,
  <TextField key="description" source="description" label="Description" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const CounsellingRequestShow = () => <RequestShow title="Counselling request">{Details}</RequestShow>;
export const CounsellingRequestEdit = () => <RequestEdit title="Update counselling request">{Details}</RequestEdit>;
