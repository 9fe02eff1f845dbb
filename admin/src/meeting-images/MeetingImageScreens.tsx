import { Create, List, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { IdField, Thumbnail } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { BulkDeleteActions, CreateExportActions, EditScreen, Note, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

/** The online meeting (Zoom) block: its picture, meeting ID and passcode. */
export const MeetingImageList = () => (
  <List exporter={spreadsheetExporter} title="Online meeting image" actions={<CreateExportActions createLabel="Add online meeting image" />} sort={{ field: 'id', order: 'DESC' }}>
    <Note>The home page shows the newest entry. Members see the passcode; visitors do not.</Note>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="image" label="Image" disableSort>
        <Thumbnail height={80} />
      </DataTable.Col>
      <DataTable.Col source="zoomId" label="Zoom ID" />
      <DataTable.Col source="password" label="Passcode" disableSort />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);

const MeetingImageForm = ({ isNew = false }: { isNew?: boolean }) => (
  <SimpleForm>
    <TextInput source="zoomId" label="Zoom ID" validate={required('Please enter the Zoom meeting ID')} helperText="For example 812 3456 7890." />
    <TextInput source="password" label="Passcode" helperText="The meeting passcode, shown to signed-in members." />
    <ImageUploadInput validate={isNew ? required('Please choose an image') : undefined} />
  </SimpleForm>
);

export const MeetingImageCreate = () => (
  <Create title="Add online meeting image" redirect="list">
    <MeetingImageForm isNew />
  </Create>
);

export const MeetingImageEdit = () => (
  <EditScreen title="Update online meeting image">
    <MeetingImageForm />
  </EditScreen>
);
