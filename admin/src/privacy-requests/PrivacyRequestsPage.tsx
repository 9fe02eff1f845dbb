import { saveFile } from '@ministry/browser';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { exportFileName } from './privacyApi';

type Outcome = { severity: 'success' | 'error'; text: string };

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Requests people make about their data, by e-mail address: a copy of everything held (members and visitors who
 * only sent forms), or erasing a visitor's form records. Both are written to the audit trail by the server.
 */
export const PrivacyRequestsPage = () => {
  const dataProvider = useAdminDataProvider();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const address = email.trim();
  const valid = looksLikeEmail(address);

  const run = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (error) {
      setOutcome({ severity: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    run(async () => {
      saveFile(new Blob([await dataProvider.subjectAccessExport(address)], { type: 'application/json' }), exportFileName(address));
      return { severity: 'success', text: `Everything we hold about ${address} has been downloaded. Send it to them securely within one month of their request.` };
    });

  const erase = () => {
    setConfirming(false);
    return run(async () => {
      const count = await dataProvider.eraseVisitorRecords(address);
      return { severity: 'success', text: count === 1 ? `1 form record sent by ${address} was erased.` : `${count} form records sent by ${address} were erased.` };
    });
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="Privacy requests" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Privacy requests
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          When someone asks for a copy of their data, or asks us to erase what they sent through the website’s forms, enter the e-mail address they used.
          Members can also do both themselves in their privacy centre.
        </Typography>
        <TextField
          label="E-mail address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={email !== '' && !valid}
          helperText={email !== '' && !valid ? 'Enter an e-mail address such as name@example.org' : ' '}
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <Button variant="contained" startIcon={<DownloadIcon />} disabled={!valid || busy} onClick={() => void download()}>
            Download everything we hold
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} disabled={!valid || busy} onClick={() => setConfirming(true)}>
            Erase this visitor’s form records
          </Button>
        </Stack>
        {outcome && (
          <Alert severity={outcome.severity} sx={{ mt: 2 }} role="status">
            {outcome.text}
          </Alert>
        )}
        <Confirm
          isOpen={confirming}
          title="Erase this visitor’s form records?"
          content={`Every contact enquiry, question, counselling and baptism request sent with ${address} will be deleted. This cannot be undone. A member account is not touched: members delete their own account.`}
          confirm="Erase"
          onConfirm={() => void erase()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
};
