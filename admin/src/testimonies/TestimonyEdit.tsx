import { DeleteButton, Labeled, SaveButton, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { StatusField } from '../common/fields';
import { ImageUploadInput } from '../common/inputs';
import { RichTextBody } from '../common/RichTextBody';
import { EditScreen } from '../common/screens';

const withStatus = (status: 'Authorised' | 'UnAuthorised') => (data: Record<string, unknown>) => ({ ...data, status });

/** Save keeps the status; Authorise and De-list save the changes and set it. All three return to the list. */
const TestimonyToolbar = () => (
  <Toolbar sx={{ gap: 1 }}>
    <SaveButton label="Save" />
    <SaveButton label="Authorise" type="button" color="success" transform={withStatus('Authorised')} alwaysEnable />
    <SaveButton label="De-list" type="button" color="warning" transform={withStatus('UnAuthorised')} alwaysEnable />
    <DeleteButton mutationMode="pessimistic" sx={{ ml: 'auto' }} />
  </Toolbar>
);

export const TestimonyEdit = () => (
  <EditScreen title="Authorise testimony">
    <SimpleForm toolbar={<TestimonyToolbar />}>
      <Labeled label="Current status">
        <StatusField />
      </Labeled>
      <TextInput source="name" label="Title" validate={required('Please give the testimony a title')} fullWidth />
      <RichTextBody source="body" label="Content" validate={required('The testimony needs some content')} />
      <ImageUploadInput />
    </SimpleForm>
  </EditScreen>
);
