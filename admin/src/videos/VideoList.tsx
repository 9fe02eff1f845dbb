import { DataTable, List, SearchInput } from 'react-admin';
import { IdField, Thumbnail, WhenField } from '../common/fields';
import { BulkDeleteActions, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

export const VideoList = () => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search titles" />]} sort={{ field: 'createdAt', order: 'DESC' }} title="Videos">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="poster" label="Picture" disableSort>
        <Thumbnail source="poster" />
      </DataTable.Col>
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="video" label="Video" />
      <DataTable.Col source="createdAt" label="Added" field={WhenField} />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
