import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DateField,
  DateInput,
  FormDataConsumer,
  FunctionField,
  Labeled,
  ReferenceField,
  ReferenceInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { required } from '../common/validation';
import { IdField, WhenField } from '../common/fields';
import { EditScreen, ShowActions } from '../common/screens';
import { AnnounceListInput } from '../common/AnnounceListInput';
import { AudioInput } from './AudioInput';
import { PassagesInput, passagesText } from './PassagesInput';
import { CHAPTERS_EXAMPLE, checkChapters, sermonToSave } from './sermonForm';
import { VideoPreview } from './VideoPreview';

const byText = (q: string) => ({ q });

/** Publishing to the podcast needs a recording: the switch says so, and stays off, until there is one. */
const PodcastSwitch = ({ hasAudio }: { hasAudio: boolean }) => (
  <BooleanInput
    source="inPodcast"
    label="Publish to podcast"
    disabled={!hasAudio}
    helperText={
      hasAudio
        ? 'When on, the sermon appears in the podcast feed (podcast apps pick it up within a few hours).'
        : 'Add an audio recording above first: the podcast can only carry sermons with audio.'
    }
  />
);

const SermonForm = ({ preview = false }: { preview?: boolean }) => (
  <SimpleForm>
    <TextInput source="title" label="Title" validate={required('Please give the sermon a title')} fullWidth />
    <TextInput
      source="video"
      label="YouTube video"
      validate={required('Please paste the YouTube link or the video id')}
      helperText="Paste the YouTube link (for example https://www.youtube.com/watch?v=dQw4w9WgXcQ) or just the 11-character video id."
      fullWidth
    />
    <ReferenceInput source="seriesId" reference="sermon-series">
      <AutocompleteInput label="Series" optionText="title" filterToQuery={byText} helperText="Leave empty if the sermon is not part of a series." fullWidth />
    </ReferenceInput>
    <ReferenceInput source="speakerId" reference="speakers">
      <AutocompleteInput label="Speaker" optionText="name" filterToQuery={byText} helperText="Not listed? Add them under Speakers first." fullWidth />
    </ReferenceInput>
    <DateInput source="preachedOn" label="Preached on" />
    <PassagesInput />
    <TextInput source="summary" label="Summary" multiline minRows={3} helperText="A few plain sentences about the sermon, for the website and podcast apps." fullWidth />
    <AudioInput />
    <FormDataConsumer>{({ formData }) => <PodcastSwitch hasAudio={Boolean((formData as { audio?: string }).audio)} />}</FormDataConsumer>
    <TextInput
      source="transcript"
      label="Transcript"
      multiline
      minRows={4}
      maxRows={12}
      helperText="Plain text, or subtitles in WebVTT format (the .vtt file YouTube lets you download) so podcast apps can follow along."
      fullWidth
    />
    <TextInput
      source="chapters"
      label="Chapters"
      multiline
      minRows={3}
      validate={checkChapters}
      helperText={`Optional, for podcast apps that show chapters. Times are seconds from the start. For example: ${CHAPTERS_EXAMPLE}`}
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
  <Create title="Add sermon" redirect="list" transform={sermonToSave}>
    <SermonForm />
  </Create>
);

export const VideoEdit = () => (
  <EditScreen title="Update sermon" transform={sermonToSave}>
    <SermonForm preview />
  </EditScreen>
);

export const VideoShow = () => (
  <Show title="Sermon" actions={<ShowActions />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="title" label="Title" />
      <ReferenceField source="seriesId" reference="sermon-series" label="Series" emptyText="None" />
      <ReferenceField source="speakerId" reference="speakers" label="Speaker" emptyText="None" />
      <DateField source="preachedOn" label="Preached on" locales="en-GB" emptyText="Not given" />
      <FunctionField label="Bible passages" render={(record) => passagesText(record.passages) || 'None'} />
      <TextField source="video" label="Video id" />
      <WhenField label="Added" />
      <VideoPreview label="Preview" />
    </SimpleShowLayout>
  </Show>
);
