import { List, SearchInput, SelectInput } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { IdField, PersonField, PreviewField, StatusField, WhenField } from '../common/fields';
import { POST_STATUSES } from '../common/inputs';
import { BulkDeleteActions, Note, RowActions } from '../common/screens';
import { TestimonyStatusButton } from './StatusButtons';
import { spreadsheetExporter } from '../common/export';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search testimonies" />,
  <SelectInput key="status" source="status" label="Status" choices={POST_STATUSES} alwaysOn emptyText="Any status" />,
];

export const TestimonyList = () => (
  <List exporter={spreadsheetExporter} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Testimonies">
    <Note>Testimonies shared by members wait here until you authorise them; only authorised ones appear on the website.</Note>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="name" label="Title" />
      <DataTable.Col source="excerpt" label="Content" disableSort>
        <PreviewField source="excerpt" max={100} />
      </DataTable.Col>
      <DataTable.Col source="author" label="Shared by" disableSort>
        <PersonField source="author" />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Shared" field={WhenField} />
      <DataTable.Col label="Actions" disableSort>
        <TestimonyStatusButton />
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
