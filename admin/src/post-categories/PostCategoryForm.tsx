import { Create, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { EditScreen } from '../common/screens';

const PostCategoryForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required('Please give the category a name')} fullWidth />
  </SimpleForm>
);

export const PostCategoryCreate = () => (
  <Create title="Add post category" redirect="list">
    <PostCategoryForm />
  </Create>
);

export const PostCategoryEdit = () => (
  <EditScreen title="Edit post category">
    <PostCategoryForm />
  </EditScreen>
);
