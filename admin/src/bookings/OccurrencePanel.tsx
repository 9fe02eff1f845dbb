import CancelIcon from '@mui/icons-material/Cancel';
import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/Mail';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { Note } from '../common/screens';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { BookingCounts, OccurrenceKey } from './bookingsApi';
import { attendeesFileName, formatOccurrence } from './bookingWords';
import { useLoaded } from '../common/useLoaded';

const bookings = (count: number) => (count === 1 ? '1 booking' : `${count} bookings`);

/** "Booked 12 · Checked in 4 · Waiting 2": places, as the door counts them. */
export const countsLine = (counts: BookingCounts) => `Booked ${counts.booked} · Checked in ${counts.checkedIn} · Waiting ${counts.waiting}`;

/**
 * Runs one change to a whole date, says how it went in words made from the server's answer (or its refusal), and
 * reloads the list and the numbers.
 */
function useOccurrenceAction(onDone: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(action: () => Promise<T>, done: (answer: T) => string): Promise<boolean> => {
    setBusy(true);
    try {
      notify(done(await action()), { type: 'success' });
      refresh();
      onDone();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

type DialogProps = { title: string; open: boolean; onClose: () => void; children: ReactNode; actions: ReactNode };

const ActionDialog = ({ title, open, onClose, children, actions }: DialogProps) => {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};

type ActionProps = { occurrence: OccurrenceKey; when: string; onDone: () => void };

/** Subject and message to everyone with a place on one date. */
const MessageBookers = ({ occurrence, when, onDone }: ActionProps) => {
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useOccurrenceAction(onDone);
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const send = async () => {
    const sent = await run(
      () => dataProvider.messageBookers(occurrence, subject.trim(), body.trim()),
      (count) => (count === 0 ? 'Nobody has a place on this date, so no message was sent' : `Your message is on its way to ${bookings(count)}`),
    );
    if (!sent) return;
    setOpen(false);
    setSubject('');
    setBody('');
  };
  return (
    <>
      <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setOpen(true)}>
        Message everyone booked
      </Button>
      <ActionDialog
        title={`Message everyone booked for ${when}`}
        open={open}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)} autoFocus>
              Cancel
            </Button>
            <Button onClick={() => void send()} variant="contained" disabled={busy || !subject.trim() || !body.trim()}>
              Send to everyone booked
            </Button>
          </>
        }
      >
        <DialogContentText>Everyone with a place on this date gets this e-mail. People on the waiting list do not.</DialogContentText>
        <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} margin="normal" fullWidth required slotProps={{ htmlInput: { maxLength: 150 } }} />
        <TextField label="Message" value={body} onChange={(event) => setBody(event.target.value)} margin="normal" fullWidth required multiline minRows={5} />
      </ActionDialog>
    </>
  );
};

/** Cancels every booking of one date, after a warning: paid places are refunded and everyone is told. */
const CancelOccurrence = ({ occurrence, when, onDone }: ActionProps) => {
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useOccurrenceAction(onDone);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const cancel = async () => {
    const done = await run(
      () => dataProvider.cancelOccurrence(occurrence, message),
      (count) => (count === 0 ? `${when} is cancelled; nobody was booked` : `${when} is cancelled: ${bookings(count)} cancelled, everyone told and every payment refunded`),
    );
    if (done) setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={() => setOpen(true)}>
        Cancel this occurrence
      </Button>
      <ActionDialog
        title={`Cancel the event on ${when}?`}
        open={open}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy} autoFocus>
              No, keep it
            </Button>
            <Button onClick={() => void cancel()} variant="contained" color="error" disabled={busy}>
              Yes, cancel this date
            </Button>
          </>
        }
      >
        <DialogContentText>
          Every booking for this date is cancelled, everyone who paid is refunded in full, and everyone booked or waiting is told by e-mail. Nobody can book it
          again. This cannot be undone.
        </DialogContentText>
        <TextField
          label="A word to everyone booked (optional)"
          helperText="Added to the e-mail, e.g. why and what happens instead"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          margin="normal"
          fullWidth
          multiline
          minRows={3}
        />
      </ActionDialog>
    </>
  );
};

const DownloadAttendees = ({ occurrence }: { occurrence: OccurrenceKey }) => {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const download = () =>
    dataProvider.downloadAttendees(occurrence, attendeesFileName(occurrence.postId, occurrence.occurrenceStart)).then(
      (name) => notify(`The attendees are saved as ${name}`, { type: 'success' }),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
      Download attendees (CSV)
    </Button>
  );
};

/**
 * Above the bookings list: with an event and a date chosen, that date's numbers and what can be done to it as a
 * whole; otherwise how to get there.
 */
export const OccurrencePanel = () => {
  const { filterValues, data } = useListContext<{ id: string; postName?: string }>();
  const dataProvider = useAdminDataProvider();
  const postId = filterValues.postId as string | undefined;
  const occurrenceStart = filterValues.occurrenceStart as string | undefined;
  const occurrence = postId && occurrenceStart ? { postId, occurrenceStart } : undefined;
  const counts = useLoaded(occurrence && `${postId} ${occurrenceStart}`, () => dataProvider.bookingCounts(occurrence!));
  if (!occurrence) return <Note>Choose an event and a date to see its numbers, download its attendees, message everyone booked or cancel it.</Note>;
  const when = formatOccurrence(occurrence.occurrenceStart);
  // Every booking listed is of the chosen event, so any of them names it.
  const eventName = data?.[0]?.postName;
  return (
    <Box component="section" aria-label={`Bookings for ${when}`} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {eventName ? `${eventName} · ${when}` : when}
      </Typography>
      <Typography variant="body1" sx={{ mb: 1 }} color={counts.error ? 'error' : undefined}>
        {counts.data ? `${countsLine(counts.data)} · ${counts.data.placesLeft} of ${counts.data.capacity} places left` : (counts.error ?? 'Counting…')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DownloadAttendees occurrence={occurrence} />
        <MessageBookers occurrence={occurrence} when={when} onDone={counts.reload} />
        <CancelOccurrence occurrence={occurrence} when={when} onDone={counts.reload} />
      </Stack>
    </Box>
  );
};
