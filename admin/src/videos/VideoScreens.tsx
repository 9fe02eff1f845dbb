import { Create, Labeled, Show, SimpleForm, SimpleShowLayout, TextField, TextInput, required } from 'react-admin';
import { IdField, WhenField } from '../common/fields';
import { EditScreen, ShowActions } from '../common/screens';
import { AnnounceListInput } from '../common/AnnounceListInput';
import { VideoPreview } from './VideoPreview';

const VideoForm = ({ preview = false }: { preview?: boolean }) => (
  <SimpleForm>
    <TextInput source="title" label="Title" validate={required('Please give the video a title')} fullWidth />
    <TextInput
      source="video"
      label="YouTube video"
      validate={required('Please paste the YouTube link or the video id')}
      helperText="Paste the YouTube link (for example https://www.youtube.com/watch?v=dQw4w9WgXcQ) or just the 11-character video id."
      fullWidth
    />
    <AnnounceListInput />
    {preview && (
      <Labeled label="Saved video">
        <VideoPreview />
      </Labeled>
    )}
  </SimpleForm>
);

export const VideoCreate = () => (
  <Create title="Add video" redirect="list">
    <VideoForm />
  </Create>
);

export const VideoEdit = () => (
  <EditScreen title="Update video">
    <VideoForm preview />
  </EditScreen>
);

export const VideoShow = () => (
  <Show title="Video" actions={<ShowActions />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="title" label="Title" />
      <TextField source="video" label="Video id" />
      <WhenField label="Added" />
      <VideoPreview label="Preview" />
    </SimpleShowLayout>
  </Show>
);
