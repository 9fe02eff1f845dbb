import { AutocompleteInput, BooleanField, DateField, FunctionField, List, ReferenceField, ReferenceInput, SearchInput } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { IdField, Thumbnail } from '../common/fields';
import { BulkDeleteActions, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';
import { passagesText } from './PassagesInput';

const byText = (q: string) => ({ q });

const FILTERS = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
  <ReferenceInput key="seriesId" source="seriesId" reference="sermon-series" alwaysOn>
    <AutocompleteInput label="Series" optionText="title" filterToQuery={byText} />
  </ReferenceInput>,
  <ReferenceInput key="speakerId" source="speakerId" reference="speakers" alwaysOn>
    <AutocompleteInput label="Speaker" optionText="name" filterToQuery={byText} />
  </ReferenceInput>,
];

export const VideoList = () => (
  <List exporter={spreadsheetExporter} filters={FILTERS} sort={{ field: 'preachedOn', order: 'DESC' }} title="Sermons">
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="poster" label="Picture" disableSort>
        <Thumbnail source="poster" />
      </DataTable.Col>
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="seriesId" label="Series" disableSort>
        <ReferenceField source="seriesId" reference="sermon-series" link={false} emptyText="–" />
      </DataTable.Col>
      <DataTable.Col source="speakerId" label="Speaker" disableSort>
        <ReferenceField source="speakerId" reference="speakers" link={false} emptyText="–" />
      </DataTable.Col>
      <DataTable.Col source="preachedOn" label="Preached on">
        <DateField source="preachedOn" locales="en-GB" emptyText="–" />
      </DataTable.Col>
      <DataTable.Col source="passages" label="Passages" disableSort>
        <FunctionField render={(record) => passagesText(record.passages)} />
      </DataTable.Col>
      <DataTable.Col source="inPodcast" label="In the podcast" disableSort>
        <BooleanField source="inPodcast" valueLabelTrue="In the podcast" valueLabelFalse="Not in the podcast" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
