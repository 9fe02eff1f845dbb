import { Typography } from '@mui/material';
import { DateInput, FormDataConsumer, SelectInput } from 'react-admin';
import { required } from '../common/validation';
import { formatWhen } from '../common/format';
import { useLoaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { AudienceInput } from './mailingApi';
import { AUDIENCE_KIND_CHOICES, STAFF_ROLE_CHOICES, audienceInput, people } from './mailingWords';
import { useMailingLists } from './useMailingLists';

const ListInput = () => {
  const { data } = useMailingLists();
  return <SelectInput source="audience.listId" label="List" choices={data ?? []} isPending={!data} validate={required('Please choose a list')} />;
};

/** Events that take bookings, past ones too: a message may follow an event. */
const EventInput = () => {
  const dataProvider = useAdminDataProvider();
  const { data } = useLoaded('events', () => dataProvider.bookableEvents(false));
  return <SelectInput source="audience.postId" label="Event" choices={data ?? []} isPending={!data} validate={required('Please choose an event')} />;
};

const DateOfEventInput = ({ postId }: { postId?: string }) => {
  const dataProvider = useAdminDataProvider();
  const { data = [] } = useLoaded(postId, () => dataProvider.bookingOccurrences(postId!));
  const choices = data.map((occurrence) => ({ id: occurrence.start, name: formatWhen(occurrence.start) }));
  return <SelectInput source="audience.occurrenceStart" label="Date" choices={choices} disabled={!postId} validate={required('Please choose the date')} />;
};

/** "Will go to 12 people", for the audience as it stands in the form, read again whenever it changes. */
const AudienceSize = ({ audience }: { audience?: AudienceInput }) => {
  const dataProvider = useAdminDataProvider();
  const { data, error } = useLoaded(audience ? JSON.stringify(audience) : undefined, () => dataProvider.audienceSize(audience!));
  const words = !audience ? 'Choose who it goes to' : error ? error : data === undefined ? 'Counting…' : `Will go to ${people(data)}`;
  return (
    <Typography role="status" variant="body1" sx={{ mb: 2, fontWeight: 600 }}>
      {words}
    </Typography>
  );
};

/**
 * Who a broadcast goes to: a list's subscribers, the donors of a period who are on a list, those booked on an event's
 * date, or the staff of a role; with how many people that is now.
 */
export const AudienceChooser = () => (
  <>
    <SelectInput source="audience.kind" label="Send to" choices={AUDIENCE_KIND_CHOICES} validate={required()} />
    <FormDataConsumer>
      {({ formData }) => {
        const form = formData as { audience?: Parameters<typeof audienceInput>[0] };
        const kind = form.audience?.kind ?? 'List';
        return (
          <>
            {(kind === 'List' || kind === 'Donors') && <ListInput />}
            {kind === 'Donors' && (
              <>
                <DateInput source="audience.from" label="Gave from" validate={required('Please give the first day')} />
                <DateInput source="audience.to" label="Gave until" validate={required('Please give the last day')} />
              </>
            )}
            {kind === 'Occurrence' && (
              <>
                <EventInput />
                <DateOfEventInput postId={form.audience?.postId ?? undefined} />
              </>
            )}
            {kind === 'Role' && <SelectInput source="audience.role" label="Role" choices={STAFF_ROLE_CHOICES} validate={required('Please choose a role')} />}
            <AudienceSize audience={audienceInput(form.audience)} />
          </>
        );
      }}
    </FormDataConsumer>
  </>
);
