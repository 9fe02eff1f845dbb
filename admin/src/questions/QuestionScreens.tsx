import { EmailField, TextField } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PreviewField } from '../common/fields';
import { RequestEdit, RequestList, RequestShow } from '../common/requests';

export const QuestionList = () => (
  <RequestList title="Questions" searchPlaceholder="Search e-mail or question">
    <DataTable.Col source="email" label="Email" />
    <DataTable.Col source="question" label="Question" disableSort>
      <PreviewField source="question" max={120} />
    </DataTable.Col>
  </RequestList>
);

const Details = [
  <EmailField key="email" source="email" label="Email" />,
  <TextField key="question" source="question" label="Question" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const QuestionShow = () => <RequestShow title="Question">{Details}</RequestShow>;
export const QuestionEdit = () => <RequestEdit title="Update question">{Details}</RequestEdit>;
