import HowToRegIcon from '@mui/icons-material/HowToReg';
import SearchIcon from '@mui/icons-material/Search';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import { Alert, Button, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { formatWhen } from '../common/format';
import { SafeConfirm } from '../common/SafeConfirm';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { ConsentEvent } from './mailingApi';
import { BASIS_WORDS, CONSENT_ACTION_WORDS, CONSENT_SOURCE_WORDS } from './mailingWords';
import { useMailingLists } from './useMailingLists';

type Outcome = { severity: 'success' | 'error'; text: string };

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

const History = ({ events }: { events: ConsentEvent[] }) =>
  events.length === 0 ? (
    <Typography variant="body2">Nothing recorded for this address: they are on no list.</Typography>
  ) : (
    <Table size="small" aria-label="Consent record">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>List</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>Basis</TableCell>
          <TableCell>Where</TableCell>
          <TableCell>What they agreed to</TableCell>
          <TableCell>By staff</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell>{formatWhen(event.at)}</TableCell>
            <TableCell>{event.listName}</TableCell>
            <TableCell>{CONSENT_ACTION_WORDS[event.action] ?? event.action}</TableCell>
            <TableCell>{BASIS_WORDS[event.basis]?.label ?? event.basis}</TableCell>
            <TableCell>{CONSENT_SOURCE_WORDS[event.source] ?? event.source}</TableCell>
            <TableCell>{event.wording}</TableCell>
            <TableCell>{event.byStaff ? 'Yes' : 'No'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

/**
 * One person's consent record by e-mail address: every request, consent and withdrawal, newest first, in the words
 * they saw; and what staff record for them (consent given on paper or by phone, a withdrawal they asked for). Every
 * read and change is on the audit trail.
 */
export const ConsentPage = () => {
  const dataProvider = useAdminDataProvider();
  const { data: lists = [] } = useMailingLists();
  const [email, setEmail] = useState('');
  const [shownFor, setShownFor] = useState<string>();
  const [events, setEvents] = useState<ConsentEvent[]>();
  const [listId, setListId] = useState('');
  const [wording, setWording] = useState('');
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const address = email.trim();
  const valid = looksLikeEmail(address);
  const listName = lists.find((list) => list.id === listId)?.name ?? '';

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const text = await work();
      setEvents(await dataProvider.mailingConsentHistory(address));
      setShownFor(address);
      if (text) setOutcome({ severity: 'success', text });
    } catch (error) {
      setOutcome({ severity: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const record = () =>
    run(async () => {
      await dataProvider.recordMailingConsent(listId, address, wording.trim());
      setWording('');
      return `Recorded: ${address} agreed to ${listName}.`;
    });

  const withdraw = () => {
    setWithdrawing(false);
    return run(async () => {
      await dataProvider.withdrawMailingConsent(listId, address);
      return `${address} is off ${listName}; nothing more from it is sent to them.`;
    });
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Consent records" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Consent records
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          What someone agreed to be sent, when, where and in which words. Enter the e-mail address they use.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={email !== '' && !valid}
            helperText={email !== '' && !valid ? 'Enter an e-mail address such as name@example.org' : ' '}
            sx={{ minWidth: 320 }}
          />
          <Button variant="contained" startIcon={<SearchIcon />} disabled={!valid || busy} onClick={() => void run(async () => undefined)} sx={{ mt: 1 }}>
            Look up
          </Button>
        </Stack>
        {outcome && (
          <Alert severity={outcome.severity} role="status" sx={{ my: 2 }}>
            {outcome.text}
          </Alert>
        )}
        {events && shownFor && (
          <>
            <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
              {`What ${shownFor} agreed to`}
            </Typography>
            <History events={events} />
            <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
              Record consent given on paper or by phone, or a withdrawal
            </Typography>
            <TextField select label="List" value={listId} onChange={(event) => setListId(event.target.value)} sx={{ minWidth: 320, mt: 1 }}>
              {lists.map((list) => (
                <MenuItem key={list.id} value={list.id}>
                  {list.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="The words they agreed to"
              value={wording}
              onChange={(event) => setWording(event.target.value)}
              helperText="As on the paper form they signed, or as read to them on the phone"
              multiline
              minRows={2}
              fullWidth
              sx={{ mt: 2 }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
              <Button variant="outlined" startIcon={<HowToRegIcon />} disabled={busy || !listId || !wording.trim()} onClick={() => void record()}>
                Record consent given on paper or by phone
              </Button>
              <Button variant="outlined" color="error" startIcon={<UnsubscribeIcon />} disabled={busy || !listId} onClick={() => setWithdrawing(true)}>
                Withdraw
              </Button>
            </Stack>
          </>
        )}
        <SafeConfirm
          isOpen={withdrawing}
          title={`Take ${shownFor ?? address} off ${listName}?`}
          content="Nothing more from this list is sent to them. The record keeps that they withdrew, and that you recorded it."
          confirm="Withdraw"
          cancel="No, keep them on it"
          onConfirm={() => void withdraw()}
          onClose={() => setWithdrawing(false)}
        />
      </CardContent>
    </Card>
  );
};
