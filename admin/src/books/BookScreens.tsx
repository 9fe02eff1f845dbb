import { Create, List, NumberInput, SearchInput, SimpleForm, TextInput } from 'react-admin';
import { minValue, number, required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { IdField, MoneyField, Thumbnail, WhenField } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { BulkDeleteActions, EditScreen, RowActions } from '../common/screens';
import { spreadsheetExporter } from '../common/export';

export const BookList = () => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search titles" />]} sort={{ field: 'createdAt', order: 'DESC' }} title="Books">
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="image" label="Cover" disableSort field={Thumbnail} />
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="price" label="Price">
        <MoneyField source="price" />
      </DataTable.Col>
      <DataTable.Col source="createdAt" label="Added" field={WhenField} />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);

const BookForm = ({ isNew = false }: { isNew?: boolean }) => (
  <SimpleForm>
    <TextInput source="title" label="Title" validate={required('Please enter the title')} fullWidth />
    <NumberInput
      source="price"
      label="Price (£)"
      step={0.01}
      validate={[required('Please enter the price'), number(), minValue(0.01, 'The price must be more than zero')]}
      helperText="In pounds, for example 12.50."
    />
    <ImageUploadInput label="Cover image" validate={isNew ? required('Please choose a cover image') : undefined} />
    <TextInput source="description" label="Description" multiline minRows={3} fullWidth helperText="A few sentences about the book, shown on its page." />
  </SimpleForm>
);

export const BookCreate = () => (
  <Create title="Add book" redirect="list">
    <BookForm isNew />
  </Create>
);

export const BookEdit = () => (
  <EditScreen title="Edit book">
    <BookForm />
  </EditScreen>
);
