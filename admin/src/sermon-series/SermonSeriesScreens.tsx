import { Create, DateField, DateInput, List, NumberField, SearchInput, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { Thumbnail } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { EditScreen } from '../common/screens';
import { spreadsheetExporter } from '../common/export';
import { KeepSermonsBulkActions, KeepSermonsRowActions, KeepSermonsToolbar } from '../common/KeepSermonsDelete';

const WORDS = { what: 'series', of: 'a series' };

export const SermonSeriesList = () => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search titles" />]} sort={{ field: 'startedAt', order: 'DESC' }} title="Sermon series">
    <DataTable rowClick="edit" bulkActionButtons={<KeepSermonsBulkActions {...WORDS} />}>
      <DataTable.Col source="image" label="Picture" disableSort field={Thumbnail} />
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="startedAt" label="Started on">
        <DateField source="startedAt" locales="en-GB" emptyText="–" />
      </DataTable.Col>
      <DataTable.Col source="sermonCount" label="Sermons" disableSort>
        <NumberField source="sermonCount" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <KeepSermonsRowActions {...WORDS} />
      </DataTable.Col>
    </DataTable>
  </List>
);

const SermonSeriesForm = ({ toolbar }: { toolbar?: boolean }) => (
  <SimpleForm toolbar={toolbar ? <KeepSermonsToolbar {...WORDS} /> : undefined}>
    <TextInput source="title" label="Title" validate={required('Please give the series a title')} helperText="Its web address is made from the first title and stays the same." fullWidth />
    <TextInput source="description" label="Description" multiline minRows={3} helperText="A few sentences about the series, shown on its page." fullWidth />
    <ImageUploadInput label="Series picture" />
    <DateInput source="startedAt" label="Started on" helperText="The date of the first sermon in the series." />
  </SimpleForm>
);

export const SermonSeriesCreate = () => (
  <Create title="Add sermon series" redirect="list">
    <SermonSeriesForm />
  </Create>
);

export const SermonSeriesEdit = () => (
  <EditScreen title="Edit sermon series">
    <SermonSeriesForm toolbar />
  </EditScreen>
);
