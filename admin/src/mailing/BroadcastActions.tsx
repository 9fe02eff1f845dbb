import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import type { BroadcastStatus } from '@ministry/shared';
import { readSession } from '../auth/session';
import { formatWhen } from '../common/format';
import { SafeConfirm } from '../common/SafeConfirm';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { people } from './mailingWords';

type ActionableBroadcast = { id: string; subject: string; status: BroadcastStatus; recipientCount: number; scheduledAt?: string | null };

/** Sends the saved draft to the signed-in person's own address, subject starting [Test]. */
export const TestSendButton = () => {
  const record = useRecordContext<ActionableBroadcast>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  if (!record || record.status !== 'Draft') return null;
  const address = readSession()?.user.email ?? 'your address';
  return (
    <Button label="Send a test to me" disabled={busy} onClick={() => void run(() => dataProvider.testSendBroadcast(record.id), `A test is on its way to ${address}`)}>
      <MarkEmailReadIcon />
    </Button>
  );
};

/** Sends a draft to everyone in its audience at once, after a question that states how many that is. */
export const SendNowButton = () => {
  const record = useRecordContext<ActionableBroadcast>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [asking, setAsking] = useState(false);
  if (!record || record.status !== 'Draft') return null;
  const send = async () => {
    await run(() => dataProvider.sendBroadcast(record.id), `“${record.subject}” is on its way to ${people(record.recipientCount)}`);
    setAsking(false);
  };
  return (
    <>
      <Button label="Send now" variant="contained" disabled={busy || record.recipientCount === 0} onClick={() => setAsking(true)}>
        <SendIcon />
      </Button>
      <SafeConfirm
        isOpen={asking}
        loading={busy}
        title={`Send to ${people(record.recipientCount)} now?`}
        content="It goes out at once, to those in its audience now, and cannot be called back."
        confirm="Send now"
        cancel="Not yet"
        onConfirm={() => void send()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

/** The next whole hour, as a date-time field shows it (local time). */
function nextHour(): string {
  const at = new Date(Date.now() + 60 * 60 * 1000);
  at.setMinutes(0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:00`;
}

/** Sends a draft at a date and time chosen here, after the same question with the count. */
export const ScheduleButton = () => {
  const record = useRecordContext<ActionableBroadcast>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState(nextHour);
  const id = useId();
  if (!record || record.status !== 'Draft') return null;
  const at = new Date(when);
  const valid = !Number.isNaN(at.getTime()) && at.getTime() > Date.now();
  const schedule = async () => {
    if (await run(() => dataProvider.sendBroadcast(record.id, at.toISOString()), `“${record.subject}” will be sent on ${formatWhen(at.toISOString())}`)) setOpen(false);
  };
  return (
    <>
      <Button label="Schedule…" disabled={busy || record.recipientCount === 0} onClick={() => setOpen(true)}>
        <ScheduleSendIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>{`Send to ${people(record.recipientCount)} later?`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>It goes to those in its audience at that time. You can cancel the schedule until then.</DialogContentText>
          <TextField
            label="Send on"
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            error={!valid}
            helperText={valid ? 'Your computer’s time' : 'Choose a time in the future'}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy} autoFocus>
            Not yet
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void schedule()} disabled={busy || !valid}>
            Schedule
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** A scheduled e-mail back to a draft, to change or send another time. */
export const CancelScheduleButton = () => {
  const record = useRecordContext<ActionableBroadcast>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  if (!record || record.status !== 'Scheduled') return null;
  return (
    <Button label="Cancel the schedule" disabled={busy} onClick={() => void run(() => dataProvider.cancelBroadcast(record.id), `“${record.subject}” is a draft again; it will not be sent`)}>
      <EventBusyIcon />
    </Button>
  );
};
