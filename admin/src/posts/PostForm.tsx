import { ReferenceInput, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { ImageUploadInput, POST_STATUSES } from '../common/inputs';
import { RichTextBody } from '../common/RichTextBody';

/** The fields of a post. */
export const PostForm = () => (
  <SimpleForm defaultValues={{ status: 'Authorised' }}>
    <TextInput source="name" label="Title" validate={required('Please give the post a title')} fullWidth />
    <ReferenceInput source="categoryId" reference="post-categories">
      <SelectInput
        optionText="name"
        label="Category"
        validate={required('Please choose a category')}
        helperText="Blog posts appear on the blog page, program posts under Programs, testimonies under Testimonies."
      />
    </ReferenceInput>
    <SelectInput source="status" label="Status" choices={POST_STATUSES} validate={required()} helperText="Only authorised posts are shown on the website." />
    <ImageUploadInput helperText="A wide picture works best (for example 1200px by 800px)." />
    <RichTextBody source="body" label="Text" validate={required('Please write the text of the post')} />
  </SimpleForm>
);
