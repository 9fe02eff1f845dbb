import { List, SearchInput } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { IdField } from '../common/fields';
import { BulkDeleteActions, Note, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

export const PostCategoryList = () => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'id', order: 'ASC' }} title="Post categories" perPage={25}>
    <Note>Categories 1 (Programs), 2 (Testimonies) and 3 (Blog) feed pages of the website: rename them if needed, but do not delete them.</Note>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
