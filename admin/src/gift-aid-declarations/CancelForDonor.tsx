import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useRecordContext } from 'react-admin';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { useAction } from '../common/useAction';
import { CANCELLATION_METHODS, type CancellationMethod } from './declarationsApi';
import { londonToday } from '../common/format';


/**
 * Records a cancellation the donor sent in writing, by telephone, e-mail or in person, after a last look whose safe
 * choice is focused: gifts from the day it takes effect are no longer claimed.
 */
export const CancelForDonor = () => {
  const declaration = useRecordContext<{ id: string; status: string; declaredOn: string }>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [cancelledOn, setCancelledOn] = useState(londonToday());
  const [method, setMethod] = useState<CancellationMethod>('Written');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  if (!declaration || declaration.status === 'Cancelled') return null;
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const cancel = async () => {
    await run(() => dataProvider.cancelGiftAidDeclarationForDonor(String(declaration.id), { cancelledOn, method, note }), 'The cancellation is recorded');
    setConfirming(false);
  };
  const how = CANCELLATION_METHODS.find((choice) => choice.id === method)!.name.toLowerCase();
  return (
    <Box component="form" onSubmit={ask} aria-labelledby={`${id}-title`} sx={{ my: 2 }}>
      <Typography id={`${id}-title`} variant="h6" component="h2">
        Record a cancellation from the donor
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        When the donor asks us to stop claiming Gift Aid, record it here. Gifts from the day it takes effect are not claimed; earlier gifts keep the declaration.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label="Takes effect on"
          type="date"
          value={cancelledOn}
          onChange={(event) => setCancelledOn(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: declaration.declaredOn, max: londonToday() } }}
        />
        <TextField select label="How the donor told us" value={method} onChange={(event) => setMethod(event.target.value as CancellationMethod)} sx={{ minWidth: 220 }}>
          {CANCELLATION_METHODS.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Note (optional)" value={note} onChange={(event) => setNote(event.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} sx={{ minWidth: 260 }} />
        <Button type="submit" color="error" variant="outlined" disabled={busy}>
          Record cancellation
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${id}-confirm`}>
        <DialogTitle id={`${id}-confirm`}>Record this cancellation?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The donor told us {how}. From {cancelledOn}, their gifts will not be claimed under this declaration. This cannot be undone: a new declaration would be needed.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            No, go back
          </Button>
          <Button color="error" onClick={() => void cancel()} disabled={busy}>
            Yes, record it
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
