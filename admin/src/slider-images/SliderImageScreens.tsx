import { Create, List, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { IdField, Thumbnail } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { BulkDeleteActions, CreateExportActions, EditScreen, Note, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

const SIZE_NOTE = 'The image must be 1500px by 400px.';

/** The home page slider: click an image to replace it or change its title. */
export const SliderImageList = () => (
  <List exporter={spreadsheetExporter} title="Slider images" actions={<CreateExportActions createLabel="Add Slider Image" />} sort={{ field: 'position', order: 'ASC' }}>
    <Note>{SIZE_NOTE} Click an image to update it.</Note>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="image" label="Image" disableSort>
        <Thumbnail height={80} />
      </DataTable.Col>
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="position" label="Order" />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);

const SliderImageForm = ({ isNew = false }: { isNew?: boolean }) => (
  <SimpleForm>
    <Note>{SIZE_NOTE}</Note>
    <TextInput source="title" label="Title" validate={required('Please give the image a title')} fullWidth helperText="Shown over the image on the home page." />
    <ImageUploadInput validate={isNew ? required('Please choose an image') : undefined} helperText={`${SIZE_NOTE} To replace it, remove the current one with the cross and choose another.`} />
    <NumberInput source="position" label="Order" helperText="Images are shown from the lowest number to the highest." />
  </SimpleForm>
);

export const SliderImageCreate = () => (
  <Create title="Add slider image" redirect="list">
    <SliderImageForm isNew />
  </Create>
);

export const SliderImageEdit = () => (
  <EditScreen title="Update slider image">
    <SliderImageForm />
  </EditScreen>
);
