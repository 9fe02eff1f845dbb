import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { ActionResult } from '../common/ActionResult';
import type { ActionOutcome } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { DoorBooking, OccurrenceKey } from './bookingsApi';
import { BOOKING_STATUS_LABELS, checkedInMessage, formatOccurrence, places } from './bookingWords';
import { countsLine } from './OccurrencePanel';
import { ScanTicket } from './ScanTicket';
import { useLoaded } from '../common/useLoaded';
import { useBookableEvents, useOccurrences } from './useBookingEvents';

const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

/** Big enough for a thumb at the door. */
const TOUCH = { minHeight: 48 };

/** Which event and date the door is for: chosen, or else the one under way or next. */
function useDoorOccurrence() {
  const events = useBookableEvents(true);
  const [chosenEvent, setChosenEvent] = useState<string>();
  const [chosenStart, setChosenStart] = useState<string>();
  // Events come soonest first, so the first is the one under way or next.
  const postId = chosenEvent ?? events.data?.[0]?.id;
  const occurrences = useOccurrences(postId);
  const start = chosenStart ?? occurrences.data?.find((occurrence) => !occurrence.cancelled)?.start;
  return {
    events,
    occurrences,
    postId,
    start,
    chooseEvent: (id: string) => {
      setChosenEvent(id);
      setChosenStart(undefined);
    },
    chooseStart: setChosenStart,
    key: postId && start ? { postId, occurrenceStart: start } : undefined,
  };
}

/** One booking on the door list, with its own "Check in" button until it is checked in. */
const DoorRow = ({ booking, onCheckIn, busy }: { booking: DoorBooking; onCheckIn: (reference: string) => void; busy: boolean }) => {
  const others = booking.names.filter((name) => name !== booking.bookerName);
  const details = [booking.reference, places(booking.places), ...(others.length ? [`with ${others.join(', ')}`] : [])].join(' · ');
  return (
    <ListItem divider sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemText primary={booking.bookerName} secondary={details} sx={{ minWidth: 180 }} />
      {booking.status === 'CheckedIn' ? (
        <Typography variant="body2" color="success.main">
          Checked in{booking.checkedInAt ? ` at ${londonTime.format(new Date(booking.checkedInAt))}` : ''}
        </Typography>
      ) : booking.status === 'Confirmed' ? (
        <Button variant="contained" size="large" startIcon={<HowToRegIcon />} onClick={() => onCheckIn(booking.reference)} disabled={busy} sx={TOUCH} aria-label={`Check in ${booking.bookerName}, ${booking.reference}`}>
          Check in
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {BOOKING_STATUS_LABELS[booking.status]}
        </Typography>
      )}
    </ListItem>
  );
};

/** The door's list of one date, narrowed by a name or reference typed in the search box. */
function useDoorList(key: OccurrenceKey | undefined, search: string) {
  const dataProvider = useAdminDataProvider();
  const id = key && `${key.postId} ${key.occurrenceStart}`;
  const counts = useLoaded(id, () => dataProvider.bookingCounts(key!));
  const list = useLoaded(id && `${id} ${search.trim()}`, () => dataProvider.doorList(key!, search));
  return {
    counts,
    list,
    reload: () => {
      counts.reload();
      list.reload();
    },
  };
}

/**
 * Check-in at the door, made for a phone: a ticket reference typed or scanned at the top, how many have come, and
 * everyone booked for the date with a button each. What happened is said in words in one status region.
 */
export const CheckInPage = () => {
  const dataProvider = useAdminDataProvider();
  const door = useDoorOccurrence();
  const [reference, setReference] = useState('');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome>();
  const { counts, list, reload } = useDoorList(door.key, search);

  const checkIn = async (text: string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const booking = await dataProvider.checkInBooking(text);
      setOutcome({ severity: 'success', message: checkedInMessage(booking) });
      setReference('');
      reload();
    } catch (error) {
      setOutcome({ severity: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reference.trim()) void checkIn(reference.trim());
  };

  return (
    <Card sx={{ mt: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Title title="Check-in" />
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Box component="form" onSubmit={submit} aria-label="Check in by ticket" noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Ticket reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              helperText="e.g. BK-7KQ2M9XD"
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || !reference.trim()} sx={{ ...TOUCH, flexShrink: 0 }}>
              Check in
            </Button>
            <ScanTicket onScan={(text) => void checkIn(text)} onError={(message) => setOutcome({ severity: 'error', message })} disabled={busy} />
          </Stack>
        </Box>
        <ActionResult outcome={outcome} />

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <TextField select label="Event" value={door.postId ?? ''} onChange={(event) => door.chooseEvent(event.target.value)} fullWidth helperText={door.events.error ?? ' '} error={Boolean(door.events.error)}>
            {(door.events.data ?? []).map((event) => (
              <MenuItem key={event.id} value={event.id}>
                {event.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Date" value={door.start ?? ''} onChange={(event) => door.chooseStart(event.target.value)} fullWidth helperText={door.occurrences.error ?? ' '} error={Boolean(door.occurrences.error)}>
            {(door.occurrences.data ?? []).map((occurrence) => (
              <MenuItem key={occurrence.start} value={occurrence.start}>
                {formatOccurrence(occurrence.start)}
                {occurrence.cancelled ? ' (cancelled)' : ''}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {door.events.data?.length === 0 && <Typography>No event takes bookings at the moment.</Typography>}

        {door.key && (
          <>
            <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
              {counts.data ? countsLine(counts.data) : (counts.error ?? 'Counting…')}
            </Typography>
            <TextField label="Find a name or reference" type="search" value={search} onChange={(event) => setSearch(event.target.value)} margin="normal" fullWidth />
            {list.error && <Typography color="error">{list.error}</Typography>}
            {list.data && list.data.length === 0 && <Typography sx={{ py: 2 }}>{search.trim() ? 'Nobody booked matches that.' : 'Nobody is booked for this date yet.'}</Typography>}
            <List aria-label="Everyone booked">
              {(list.data ?? []).map((booking) => (
                <DoorRow key={booking.id} booking={booking} onCheckIn={(text) => void checkIn(text)} busy={busy} />
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
};
