import { DataTable, EmailField, List, TextField } from 'react-admin';
import { IdField, PreviewField, StatusField, WhenField } from '../common/fields';
import { RequestEdit, RequestShow, requestFilters } from '../common/requests';
import { BulkDeleteActions } from '../common/screens';

export const QuestionList = () => (
  <List filters={requestFilters('Search e-mail or question')} sort={{ field: 'createdAt', order: 'DESC' }} title="Questions">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="question" label="Question" disableSort>
        <PreviewField source="question" max={120} />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
    </DataTable>
  </List>
);

const Details = [
  <EmailField key="email" source="email" label="Email" />,
  <TextField key="question" source="question" label="Question" sx={{ whiteSpace: 'pre-wrap' }} />,
];

export const QuestionShow = () => <RequestShow title="Question">{Details}</RequestShow>;
export const QuestionEdit = () => <RequestEdit title="Update question">{Details}</RequestEdit>;
