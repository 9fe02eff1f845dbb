import { SelectField, TextField } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PreviewField } from '../common/fields';
import { RequestEdit, RequestList, RequestShow, SENDER_COLUMNS, SENDER_FIELDS } from '../common/requests';

export const REASONS = ['counselling', 'wedding', 'prayer', 'baptism', 'other'].map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }));

export const ContactEnquiryList = () => (
  <RequestList title="Contact enquiries" searchPlaceholder="Search name, e-mail, phone, reason or message">
    {SENDER_COLUMNS}
    <DataTable.Col source="reason" label="Reason">
      <SelectField source="reason" choices={REASONS} />
    </DataTable.Col>
    <DataTable.Col source="message" label="Message" disableSort>
      <PreviewField source="message" max={80} />
    </DataTable.Col>
  </RequestList>
);

const Details = [
  ...SENDER_FIELDS,
  <SelectField key="reason" source="reason" label="Reason" choices={REASONS} />,
  <TextField key="message" source="message" label="Message" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const ContactEnquiryShow = () => <RequestShow title="Contact enquiry">{Details}</RequestShow>;
export const ContactEnquiryEdit = () => <RequestEdit title="Update contact enquiry">{Details}</RequestEdit>;
