import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
} from 'react-admin';
import { required } from '../common/validation';
import { useLoaded } from '../common/useLoaded';
import { ApiError } from '../data/errors';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { LiveStream, LiveStreamInput, ProgramChoice } from './liveApi';
import { fromLondonInput, londonWords, toLondonInput } from './londonTime';

type Values = Record<string, unknown> & { when?: 'times' | 'program'; postId?: string; startsAt?: string; endsAt?: string };

const WHEN_CHOICES = [
  { id: 'times', name: 'Type the start and end times' },
  { id: 'program', name: 'Use a program’s next occurrence' },
];

const byText = (q: string) => ({ q });

/** The stream is taken down by its own button above the form, never by a delete here. */
const SAVE_ONLY = (
  <Toolbar>
    <SaveButton label="Save the stream" />
  </Toolbar>
);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The form's values as `updateLiveStream` takes them: times typed in London time, or a program's next occurrence. */
export function streamInput(values: Values, programs: ProgramChoice[]): LiveStreamInput {
  const common = {
    title: blankToNull(values.title) ?? undefined,
    video: blankToNull(values.video),
    hlsUrl: blankToNull(values.hlsUrl),
    serviceSheetUrl: blankToNull(values.serviceSheetUrl),
    seriesId: blankToNull(values.seriesId),
    speakerId: blankToNull(values.speakerId),
  };
  if (values.when === 'program') {
    const program = programs.find((candidate) => candidate.id === values.postId);
    return { ...common, postId: values.postId, occurrenceStart: program?.nextStartsAt };
  }
  return { ...common, startsAt: fromLondonInput(values.startsAt) ?? undefined, endsAt: fromLondonInput(values.endsAt) ?? undefined };
}

const londonTimeInput = (source: string, label: string, helperText: string, isRequired: boolean) => (
  <TextInput
    source={source}
    label={label}
    type="datetime-local"
    helperText={helperText}
    validate={isRequired ? required('Please give the time') : undefined}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/** Sets the stream the live page shows, replacing the one before. */
export const LiveStreamForm = ({ stream, onSaved }: { stream: LiveStream | null; onSaved: (stream: LiveStream) => void }) => {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const { data: programs } = useLoaded('programs', () => dataProvider.programsWithNextOccurrence());
  const programChoices = (programs ?? []).map((program) => ({ id: program.id, name: `${program.name}: ${londonWords(program.nextStartsAt)}` }));
  const record = {
    id: 'live-stream',
    when: 'times',
    ...stream,
    startsAt: toLondonInput(stream?.startsAt),
    endsAt: toLondonInput(stream?.endsAt),
  };

  const save = async (values: Values) => {
    try {
      onSaved(await dataProvider.updateLiveStream(streamInput(values, programs ?? [])));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The stream could not be saved', { type: 'error' });
      // Every field the server refused shows its message under it.
      return error instanceof ApiError && error.field ? error.fieldErrors : undefined;
    }
  };

  return (
    <ResourceContextProvider value="live-stream">
      <SimpleForm record={record} onSubmit={save} toolbar={SAVE_ONLY}>
        <TextInput source="title" label="Title" helperText="For example: Sunday service. With a program, its name is used when left empty." fullWidth />
        <RadioButtonGroupInput source="when" label="When" choices={WHEN_CHOICES} />
        <FormDataConsumer>
          {({ formData }) =>
            (formData as Values).when === 'program' ? (
              <SelectInput
                source="postId"
                label="Program"
                choices={programChoices}
                isPending={!programs}
                validate={required('Please choose the program')}
                helperText="The stream takes the start and end of the program’s next occurrence."
              />
            ) : (
              <>
                {londonTimeInput('startsAt', 'Starts (London time)', 'When the stream begins, as the clocks in London show it.', true)}
                {londonTimeInput('endsAt', 'Ends (London time)', 'Left empty, two hours after the start.', false)}
              </>
            )
          }
        </FormDataConsumer>
        <Typography variant="body2" color="text.secondary">
          Give either the YouTube link of the live stream, or a streaming address ending in .m3u8 from your streaming service.
        </Typography>
        <TextInput source="video" label="YouTube link" helperText="For example https://www.youtube.com/live/dQw4w9WgXcQ" fullWidth />
        <TextInput source="hlsUrl" label="Streaming address (.m3u8)" helperText="Only if you stream without YouTube. It must start with https://" fullWidth />
        <TextInput source="serviceSheetUrl" label="Service sheet link" helperText="Where people can read the order of service, songs and notices, e.g. an uploaded PDF." fullWidth />
        <ReferenceInput source="seriesId" reference="sermon-series">
          <AutocompleteInput label="Series" optionText="title" filterToQuery={byText} helperText="The sermon series the preaching belongs to, if any." />
        </ReferenceInput>
        <ReferenceInput source="speakerId" reference="speakers">
          <AutocompleteInput label="Speaker" optionText="name" filterToQuery={byText} />
        </ReferenceInput>
      </SimpleForm>
    </ResourceContextProvider>
  );
};
