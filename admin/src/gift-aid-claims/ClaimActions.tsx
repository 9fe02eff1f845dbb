import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRecordContext, useRedirect } from 'react-admin';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { ClaimStatus } from './claimsApi';
import { londonToday } from '../common/format';

type Claim = { id: string; status: ClaimStatus; taxToReclaim: number; adjustment: number };

/** What happens next to a claim of each status, in people's words. */
const NEXT_STEP: Record<ClaimStatus, string> = {
  Draft: 'Download the .ods schedule, upload it to HMRC’s Charities Online, then record the reference HMRC gives you.',
  Submitted: 'Waiting for HMRC. Record the payment when it arrives, or the rejection if HMRC refuses the claim.',
  Paid: 'HMRC has paid this claim. Nothing more to do.',
  Rejected: 'HMRC refused this claim and paid nothing: its donations are free to be claimed again in a new claim.',
};


/** One small form of a step: its fields, and one button that does it. */
const StepForm = ({ title, action, busy, onSubmit, children }: { title: string; action: string; busy: boolean; onSubmit: () => void; children: ReactNode }) => {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" onSubmit={submit} aria-labelledby={titleId} sx={{ my: 1 }}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {children}
        <Button type="submit" variant="contained" disabled={busy}>
          {action}
        </Button>
      </Stack>
    </Box>
  );
};

/**
 * The claim's status and its next step as a clear action: submit a Draft with HMRC's reference or delete it (after
 * a confirm whose safe choice is focused); record HMRC's payment or rejection of a Submitted claim.
 */
export const ClaimActions = () => {
  const claim = useRecordContext<Claim>();
  const { busy, run } = useAction();
  const dataProvider = useAdminDataProvider();
  const redirect = useRedirect();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(londonToday());
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const dialogId = useId();
  if (!claim) return null;

  const remove = async () => {
    const done = await run(() => dataProvider.deleteGiftAidClaim(claim.id), `Draft claim ${claim.id} deleted; its donations can be claimed again`);
    setConfirming(false);
    if (done) redirect('list', 'gift-aid-claims');
  };

  return (
    <Box component="section" aria-label="Status and next step" sx={{ my: 1 }}>
      <Typography variant="h6" component="h2">
        Status: {claim.status}
      </Typography>
      <Alert severity={claim.status === 'Rejected' ? 'warning' : 'info'} sx={{ my: 1 }}>
        {NEXT_STEP[claim.status]}
      </Alert>
      {claim.status === 'Draft' && (
        <>
          <StepForm title="Submitted to HMRC" action="Mark as submitted" busy={busy} onSubmit={() => void run(() => dataProvider.submitGiftAidClaim(claim.id, reference), 'The claim is recorded as submitted')}>
            <TextField label="HMRC reference" value={reference} onChange={(event) => setReference(event.target.value)} required slotProps={{ htmlInput: { maxLength: 64 } }} />
          </StepForm>
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
            Delete draft
          </Button>
          <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${dialogId}-title`}>
            <DialogTitle id={`${dialogId}-title`}>Delete this draft claim?</DialogTitle>
            <DialogContent>
              <DialogContentText>The claim and its rows are deleted and its donations can be claimed again. Only do this if it was never sent to HMRC.</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)} autoFocus>
                No, keep the draft
              </Button>
              <Button color="error" onClick={() => void remove()} disabled={busy}>
                Yes, delete it
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
      {claim.status === 'Submitted' && (
        <>
          <StepForm
            title="HMRC paid"
            action="Record payment"
            busy={busy}
            onSubmit={() => void run(() => dataProvider.recordGiftAidPayment(claim.id, Number(amount), receivedOn), 'The payment is recorded')}
          >
            <TextField label="Amount received (£)" value={amount} onChange={(event) => setAmount(event.target.value)} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <TextField
              label="Received on"
              type="date"
              value={receivedOn}
              onChange={(event) => setReceivedOn(event.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: londonToday() } }}
            />
          </StepForm>
          <StepForm title="HMRC rejected" action="Record rejection" busy={busy} onSubmit={() => void run(() => dataProvider.rejectGiftAidClaim(claim.id, reason), 'The rejection is recorded')}>
            <TextField label="Reason HMRC gave" value={reason} onChange={(event) => setReason(event.target.value)} required multiline slotProps={{ htmlInput: { maxLength: 500 } }} />
          </StepForm>
        </>
      )}
    </Box>
  );
};
