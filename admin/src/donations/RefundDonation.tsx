import UndoIcon from '@mui/icons-material/Undo';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { formatMoney } from '../common/format';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';

type RefundableDonation = { id: string; status?: string; amount?: number; refundedAmount?: number; currency?: string };

/** What is left to refund of a gift, in its currency (to the penny). */
export const leftToRefund = (record: RefundableDonation): number => Math.round(((record.amount ?? 0) - (record.refundedAmount ?? 0)) * 100) / 100;

/** "12.5" → 12.5; anything that is not an amount of at most two decimals → undefined. */
const parseAmount = (text: string): number | undefined => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : undefined);

/**
 * Refunds part or all of a paid donation through PayPal: asks how much (all that is left by default, and says how
 * much that is), then a last look before the money goes, with "No, go back" focused so Enter changes nothing.
 */
export const RefundDonation = () => {
  const record = useRecordContext<RefundableDonation>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  // One key per refund asked for: a second click or a retry of the same request refunds once.
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const helpId = useId();
  if (!record) return null;

  const left = leftToRefund(record);
  const currency = record.currency ?? 'GBP';
  const amount = parseAmount(text);
  const problem = refusal ?? (amount === undefined || amount <= 0 ? 'Enter an amount, e.g. 12.50' : amount > left ? `At most ${formatMoney(left, currency)} is left to refund` : undefined);

  const start = () => {
    setText(left.toFixed(2));
    setRefusal(undefined);
    setIdempotencyKey(crypto.randomUUID());
    setOpen(true);
  };
  const refund = async () => {
    if (amount === undefined || problem) return;
    const whole = amount === left;
    let refused: string | undefined;
    const done = await run(
      () =>
        dataProvider.refundDonationAmount(record.id, amount, idempotencyKey).catch((error: Error) => {
          refused = error.message;
          throw error;
        }),
      whole ? 'The donation has been refunded' : `${formatMoney(amount, currency)} of the donation has been refunded`,
    );
    if (done) setOpen(false);
    else setRefusal(refused);
  };

  return (
    <>
      <Button label="Refund" onClick={start} disabled={busy || record.status !== 'Paid' || left <= 0}>
        <UndoIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${helpId}-title`}>
        <DialogTitle id={`${helpId}-title`}>Refund this donation?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {formatMoney(left, currency)} of {formatMoney(record.amount, currency)} is left to refund. The money goes back to the donor through PayPal; this cannot be
            undone.
          </DialogContentText>
          <MuiTextField
            label={`Amount to refund (${currency})`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(undefined);
            }}
            inputMode="decimal"
            margin="normal"
            fullWidth
            error={Boolean(problem)}
            helperText={problem ?? 'All that is left, unless you change it'}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} autoFocus>
            No, go back
          </MuiButton>
          <MuiButton onClick={() => void refund()} color="error" disabled={busy || Boolean(problem)}>
            {amount !== undefined && !problem ? `Refund ${formatMoney(amount, currency)}` : 'Refund'}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
