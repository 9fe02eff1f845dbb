import { Alert, Box, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { RecipientStatus } from '@ministry/shared';
import { useLoaded } from '../common/useLoaded';
import { formatWhen } from '../common/format';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { RECIPIENT_STATUS_CHOICES, RECIPIENT_STATUS_WORDS } from './mailingWords';

/**
 * Who one e-mail went to, a page at a time, narrowed by where each stands, with the mail server's last reply (why a
 * message bounced or waits). Each read is on the audit trail.
 */
export const RecipientsTable = ({ broadcastId }: { broadcastId: string }) => {
  const dataProvider = useAdminDataProvider();
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const { data, error } = useLoaded(`${broadcastId}:${status}:${page}:${perPage}`, () => dataProvider.broadcastRecipients(broadcastId, page, perPage, status || undefined));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Recipients
      </Typography>
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as RecipientStatus | '');
          setPage(0);
        }}
        sx={{ minWidth: 220, mb: 1 }}
      >
        <MenuItem value="">Any status</MenuItem>
        {RECIPIENT_STATUS_CHOICES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      {error && <Alert severity="warning">{error}</Alert>}
      <Table size="small" aria-label="Recipients">
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Tries</TableCell>
            <TableCell>Last reply of their mail server</TableCell>
            <TableCell>Sent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.rows.map((recipient) => (
            <TableRow key={recipient.id}>
              <TableCell>{recipient.email}</TableCell>
              <TableCell>{RECIPIENT_STATUS_WORDS[recipient.status] ?? recipient.status}</TableCell>
              <TableCell>{recipient.attempts}</TableCell>
              <TableCell>{recipient.lastReply ?? '—'}</TableCell>
              <TableCell>{formatWhen(recipient.sentAt) || '—'}</TableCell>
            </TableRow>
          ))}
          {data && data.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{status ? 'Nobody with this status' : 'Nobody yet: recipients are fixed when sending starts'}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[25, 100, 500]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
};
