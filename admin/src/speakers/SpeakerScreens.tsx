import { Create, List, NumberField, SearchInput, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { Thumbnail } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { EditScreen } from '../common/screens';
import { spreadsheetExporter } from '../common/export';
import { KeepSermonsBulkActions, KeepSermonsRowActions, KeepSermonsToolbar } from '../common/KeepSermonsDelete';

const WORDS = { what: 'speaker', of: 'a speaker' };

export const SpeakerList = () => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search names" />]} sort={{ field: 'name', order: 'ASC' }} title="Speakers">
    <DataTable rowClick="edit" bulkActionButtons={<KeepSermonsBulkActions what="speakers" of={WORDS.of} />}>
      <DataTable.Col source="image" label="Photo" disableSort field={Thumbnail} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="sermonCount" label="Sermons" disableSort>
        <NumberField source="sermonCount" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <KeepSermonsRowActions {...WORDS} />
      </DataTable.Col>
    </DataTable>
  </List>
);

const SpeakerForm = ({ toolbar }: { toolbar?: boolean }) => (
  <SimpleForm toolbar={toolbar ? <KeepSermonsToolbar {...WORDS} /> : undefined}>
    <TextInput source="name" label="Name" validate={required('Please give the speaker’s name')} helperText="As it should appear on the website, for example Pastor Ruth Mensah." fullWidth />
    <TextInput source="bio" label="About them" multiline minRows={4} helperText="A short biography. A blank line starts a new paragraph." fullWidth />
    <ImageUploadInput label="Photo" />
  </SimpleForm>
);

export const SpeakerCreate = () => (
  <Create title="Add speaker" redirect="list">
    <SpeakerForm />
  </Create>
);

export const SpeakerEdit = () => (
  <EditScreen title="Edit speaker">
    <SpeakerForm toolbar />
  </EditScreen>
);
