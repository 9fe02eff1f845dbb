import { Create, List, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { IdField, Thumbnail } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { BulkDeleteActions, CreateExportActions, EditScreen, Note, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

const SIZE_NOTE = 'The image must be 700px by 800px.';

/** The picture of the "Visit us" block on the home page (the newest one is shown). */
export const VisitImageList = () => (
  <List exporter={spreadsheetExporter} title="Visit image" actions={<CreateExportActions createLabel="Add visit image" />} sort={{ field: 'id', order: 'DESC' }}>
    <Note>{SIZE_NOTE} The home page shows the newest image. Click an image to update it.</Note>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="image" label="Image" disableSort>
        <Thumbnail height={100} />
      </DataTable.Col>
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);

const VisitImageForm = ({ isNew = false }: { isNew?: boolean }) => (
  <SimpleForm>
    <Note>{SIZE_NOTE}</Note>
    <TextInput source="title" label="Title" fullWidth helperText="Describes the picture for people who cannot see it." />
    <ImageUploadInput validate={isNew ? required('Please choose an image') : undefined} helperText={`${SIZE_NOTE} To replace it, remove the current one with the cross and choose another.`} />
  </SimpleForm>
);

export const VisitImageCreate = () => (
  <Create title="Add visit image" redirect="list">
    <VisitImageForm isNew />
  </Create>
);

export const VisitImageEdit = () => (
  <EditScreen title="Update visit image">
    <VisitImageForm />
  </EditScreen>
);
