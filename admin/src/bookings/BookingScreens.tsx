import { Chip, Typography } from '@mui/material';
import {
  DateField,
  EmailField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { DataTable } from '../common/DataTable';
import type { BookingStatus } from '@ministry/shared';
import { WhenField } from '../common/fields';
import { formatMoney } from '../common/format';
import { ListLoadError, OPEN_COLUMN, ShowLoadError, usePhone } from '../common/screens';
import { CancelBookingButton, RefundBookingButton } from './BookingActions';
import { BOOKING_STATUS_CHOICES, BOOKING_STATUS_LABELS, formatOccurrence, places } from './bookingWords';
import { OccurrencePanel } from './OccurrencePanel';
import { useBookableEvents, useOccurrences } from './useBookingEvents';

type BookingRecord = {
  id: string;
  reference: string;
  status: BookingStatus;
  bookerName: string;
  email: string;
  postName: string;
  occurrenceStart: string;
  places: number;
  names?: string[];
  answers?: { questionId: string; label: string; answer: string }[];
  checkedInAt?: string | null;
};

/** What the list asks for: never the answers, which are health data and shown one booking at a time. */
const LIST_FIELDS = ['id', 'reference', 'status', 'bookerName', 'email', 'postId', 'postName', 'occurrenceStart', 'places', 'checkedInAt'];

export const BookingStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<BookingRecord>();
  if (!record?.status) return null;
  const colour = record.status === 'CheckedIn' || record.status === 'Confirmed' ? 'success' : record.status === 'Held' || record.status === 'Offered' ? 'warning' : 'default';
  return <Chip size="small" label={BOOKING_STATUS_LABELS[record.status] ?? record.status} color={colour} />;
};

/** The events that take bookings, past ones too, as the list's "Event" filter. */
const EventInput = (props: { source: string; alwaysOn?: boolean }) => {
  const { data } = useBookableEvents(false);
  return <SelectInput {...props} label="Event" choices={data ?? []} isPending={!data} emptyText="Every event" />;
};

/** The chosen event's coming dates, and the one in the filter already if it has passed. */
const OccurrenceInput = (props: { source: string; alwaysOn?: boolean }) => {
  const { filterValues } = useListContext();
  const postId = filterValues.postId as string | undefined;
  const chosen = filterValues[props.source] as string | undefined;
  const { data = [] } = useOccurrences(postId);
  const starts = data.map((occurrence) => occurrence.start);
  if (chosen && !starts.includes(chosen)) starts.unshift(chosen);
  return (
    <SelectInput
      {...props}
      label="Date"
      choices={starts.map((start) => ({ id: start, name: formatOccurrence(start) }))}
      disabled={!postId}
      emptyText={postId ? 'Every date' : 'Choose an event first'}
    />
  );
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail or reference" />,
  <EventInput key="postId" source="postId" alwaysOn />,
  <OccurrenceInput key="occurrenceStart" source="occurrenceStart" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={BOOKING_STATUS_CHOICES} alwaysOn emptyText="Any status" />,
];

/** On a phone, each booking as a link: who, how many places, which date, and where it stands. */
const BookingPhoneList = () => (
  <SimpleList<BookingRecord>
    rowClick="show"
    primaryText={(booking) => `${booking.bookerName} · ${places(booking.places)}`}
    secondaryText={(booking) => `${booking.reference} · ${booking.postName}, ${formatOccurrence(booking.occurrenceStart)}`}
    tertiaryText={(booking) => BOOKING_STATUS_LABELS[booking.status] ?? booking.status}
  />
);

const BookingTable = () => (
  <DataTable rowClick="show" bulkActionButtons={false}>
    <DataTable.Col source="reference" label="Reference" />
    <DataTable.Col source="bookerName" label="Booked by" disableSort />
    <DataTable.Col source="postName" label="Event" disableSort />
    <DataTable.Col source="occurrenceStart" label="Date" render={(booking: BookingRecord) => formatOccurrence(booking.occurrenceStart)} />
    <DataTable.Col source="places" label="Places" disableSort />
    <DataTable.Col source="status" label="Status" field={BookingStatusField} />
    <DataTable.Col source="checkedInAt" label="Checked in" disableSort>
      <WhenField source="checkedInAt" emptyText="Not yet" />
    </DataTable.Col>
    {OPEN_COLUMN}
  </DataTable>
);

/**
 * Every booking, newest first, narrowed by event, date, status or a search. With an event and a date chosen, that
 * date's numbers and its actions (attendees, a message to everyone, cancelling it) show above the list. No export
 * here: attendee lists leave through "Download attendees", which the server writes on the audit trail.
 */
export const BookingList = () => (
  <List
    title="Bookings"
    filters={filters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    exporter={false}
    // Every filter is always shown and nothing is added here: no "Add filter", no "Create".
    actions={false}
    queryOptions={{ meta: { sparseFields: LIST_FIELDS } }}
    error={<ListLoadError />}
  >
    <OccurrencePanel />
    {usePhone() ? <BookingPhoneList /> : <BookingTable />}
  </List>
);

const AnswersField = (_props: { label?: string }) => {
  const record = useRecordContext<BookingRecord>();
  if (!record?.answers?.length) return <Typography variant="body2">No questions answered</Typography>;
  return (
    <dl style={{ margin: 0 }}>
      {record.answers.map((answer) => (
        <div key={answer.questionId}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {answer.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ ml: 0, mb: 1 }}>
            {answer.answer || '—'}
          </Typography>
        </div>
      ))}
    </dl>
  );
};

const NamesField = (_props: { label?: string }) => {
  const record = useRecordContext<BookingRecord>();
  if (!record?.names?.length) return null;
  return (
    <ol style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {record.names.map((name, index) => (
        <li key={index}>
          <Typography variant="body2">{name}</Typography>
        </li>
      ))}
    </ol>
  );
};

const BookingShowActions = () => (
  <TopToolbar>
    <CancelBookingButton />
    <RefundBookingButton />
  </TopToolbar>
);

/** One booking: who comes, their answers (health data: read here only), what was paid, and where it stands. */
export const BookingShow = () => (
  <Show title="Booking" actions={<BookingShowActions />} error={<ShowLoadError />}>
    <SimpleShowLayout>
      <TextField source="reference" label="Reference" />
      <BookingStatusField label="Status" />
      <TextField source="postName" label="Event" />
      <FunctionField<BookingRecord> label="Date" render={(booking) => formatOccurrence(booking.occurrenceStart)} />
      <TextField source="location" label="Where" emptyText="—" />
      <NumberField source="places" label="Places" />
      <TextField source="bookerName" label="Booked by" />
      <EmailField source="email" label="E-mail" />
      <NamesField label="Names" />
      <AnswersField label="Answers" />
      <FunctionField<BookingRecord & { amount?: number; currency?: string }> label="Paid" render={(booking) => (booking.amount ? formatMoney(booking.amount, booking.currency) : 'Free')} />
      <WhenField source="createdAt" label="Booked on" />
      <WhenField source="checkedInAt" label="Checked in" emptyText="Not yet" />
      <WhenField source="cancelledAt" label="Cancelled" emptyText="—" />
      <DateField source="holdExpiresAt" label="Held until" showTime locales="en-GB" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);
