import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { SCHEDULE_COLUMNS } from '@ministry/shared';
import { Link as RouterLink } from 'react-router';
import {
  ArrayField,
  BooleanField,
  CreateButton,
  DateField,
  List,
  NumberField,
  Show,
  ShowButton,
  SimpleList,
  SimpleShowLayout,
  TextField,
  Title,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { DataTable } from '../common/DataTable';
import { MoneyField, WhenField } from '../common/fields';
import { formatMoney, londonToday } from '../common/format';
import { usePhone } from '../common/screens';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { ApiError } from '../data/errors';
import { ClaimActions } from './ClaimActions';
import type { BatchClaim, ClaimPeriod, ClaimPreview } from './claimsApi';

/** What the list shows: never the rows, which name donors and whose every read is on the audit trail. */
const LIST_FIELDS = ['id', 'status', 'batchNumber', 'batchSize', 'from', 'to', 'rowCount', 'taxToReclaim', 'adjustment', 'createdAt'];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New claim" />
  </TopToolbar>
);

type ClaimSummary = { id: string; status: string; batchNumber: number; batchSize: number; from: string; to: string; taxToReclaim: number };

/** On a phone, each claim as a link: its number and status, its period, and the Gift Aid it reclaims. */
const ClaimPhoneList = () => (
  <SimpleList<ClaimSummary>
    rowClick="show"
    primaryText={(claim) => `Claim ${claim.id} · ${claim.status}`}
    secondaryText={(claim) => `${claim.from} to ${claim.to} · ${claim.batchNumber} of ${claim.batchSize}`}
    tertiaryText={(claim) => formatMoney(claim.taxToReclaim, 'GBP')}
  />
);

/** Every claim, newest first; a row opens by click or by its Show button. */
const ClaimTable = () => (
  <DataTable rowClick="show" bulkActionButtons={false}>
    <DataTable.Col source="id" label="Claim" />
    <DataTable.Col source="status" label="Status" />
    <DataTable.Col label="Of batch" render={(claim: { batchNumber: number; batchSize: number }) => `${claim.batchNumber} of ${claim.batchSize}`} />
    <DataTable.Col source="from" label="From" />
    <DataTable.Col source="to" label="To" />
    <DataTable.Col source="rowCount" label="Rows" disableSort />
    <DataTable.Col source="taxToReclaim" label="Gift Aid" disableSort>
      <MoneyField source="taxToReclaim" currency="GBP" />
    </DataTable.Col>
    <DataTable.Col source="adjustment" label="Adjustment" disableSort>
      <MoneyField source="adjustment" currency="GBP" />
    </DataTable.Col>
    <DataTable.Col source="createdAt" label="Made" field={WhenField} />
    <DataTable.Col label="Open">
      <ShowButton />
    </DataTable.Col>
  </DataTable>
);

export const GiftAidClaimList = () => (
  <List title="Gift Aid claims" sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListActions />} queryOptions={{ meta: { sparseFields: LIST_FIELDS } }}>
    {usePhone() ? <ClaimPhoneList /> : <ClaimTable />}
  </List>
);

/** The claim's schedule: the .ods HMRC takes, and the CSV of the same columns. */
const ScheduleDownloads = () => {
  const claim = useRecordContext<{ id: string }>();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  if (!claim) return null;
  const files = ['ods', 'csv'].map((format) => ({ path: `/api/gift-aid/claims/${claim.id}/schedule.${format}`, name: `gift-aid-claim-${claim.id}.${format}` }));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {files.map((file) => (
        <Button key={file.name} startIcon={<DownloadIcon />} onClick={() => void dataProvider.downloadGiftAidSchedule(file.path, file.name).catch((error: Error) => notify(error.message, { type: 'error' }))}>
          {file.name}
        </Button>
      ))}
    </Stack>
  );
};

/** The claims made together for the period (one per 1,000 rows), each a link. */
const BatchClaims = () => {
  const claim = useRecordContext<{ id: string; batchId: string; batchSize: number; batchNumber: number }>();
  const [batch, setBatch] = useState<BatchClaim[]>();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  useEffect(() => {
    if (!claim || claim.batchSize < 2) return;
    dataProvider
      .giftAidClaimBatch(String(claim.batchId))
      .then(setBatch)
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  }, [claim, dataProvider, notify]);
  if (!claim) return null;
  if (claim.batchSize < 2) return <Typography variant="body2">The only claim made for this period.</Typography>;
  return (
    <Box component="section" aria-label="Claims made together">
      <Typography variant="body2">
        Claim {claim.batchNumber} of {claim.batchSize} made together for this period (HMRC takes at most 1,000 rows in one claim):
      </Typography>
      <Box component="ul" sx={{ my: 0 }}>
        {batch?.map((other) => (
          <li key={other.id}>
            {String(other.id) === String(claim.id) ? (
              `Claim ${other.id} (this one), ${other.rowCount} rows, ${other.status}`
            ) : (
              <Link component={RouterLink} to={`/gift-aid-claims/${other.id}/show`}>
                Claim {other.id}, {other.rowCount} rows, {other.status}
              </Link>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
};

/** The rows the claim holds, in HMRC's columns (the shared list the server's files and API follow too). */
const ScheduleTable = () => (
  <ArrayField source="rows" label="Schedule">
    <DataTable bulkActionButtons={false} rowClick={false}>
      {SCHEDULE_COLUMNS.map((column) => (
        <DataTable.Col key={column.field} source={column.field} label={column.heading} disableSort />
      ))}
    </DataTable>
  </ArrayField>
);

export const GiftAidClaimShow = () => (
  <Show title="Gift Aid claim">
    <SimpleShowLayout>
      <TextField source="id" label="Claim" />
      <ClaimActions />
      <BatchClaims />
      <TextField source="from" label="From" />
      <TextField source="to" label="To" />
      <BooleanField source="aggregated" label="Small gifts aggregated" />
      <DateField source="earliestDonationDate" label="Box 1: earliest donation date" emptyText="— (no donations)" />
      <MoneyField source="adjustment" currency="GBP" label="Box 2: tax over-claimed before" />
      <TextField source="adjustmentNote" label="Adjustment to declare" emptyText="—" />
      <MoneyField source="donationsTotal" currency="GBP" label="Donations claimed" />
      <MoneyField source="taxToReclaim" currency="GBP" label="Gift Aid to reclaim" />
      <TextField source="hmrcReference" label="HMRC reference" emptyText="—" />
      <DateField source="submittedAt" label="Submitted" showTime emptyText="—" />
      <MoneyField source="paidAmount" currency="GBP" label="Paid by HMRC" />
      <DateField source="paidOn" label="Paid on" emptyText="—" />
      <TextField source="rejectionReason" label="Rejected because" emptyText="—" />
      <DateField source="keepUntil" label="Kept until" />
      <NumberField source="rowCount" label="Rows" />
      <ScheduleDownloads />
      <ScheduleTable />
    </SimpleShowLayout>
  </Show>
);

const pounds = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

/** The preview's totals, in a live region that is there before them, so they are announced when they come. */
const PreviewTotal = ({ preview }: { preview?: ClaimPreview }) => (
  <Typography role="status" sx={{ mt: 2 }}>
    {preview && `${preview.donationCount} donations, ${pounds(preview.donationsTotal)}: Gift Aid to reclaim ${pounds(preview.taxToReclaim)}`}
  </Typography>
);

const PreviewTable = ({ preview }: { preview: ClaimPreview }) => (
  <Box sx={{ overflowX: 'auto' }}>
    {preview.claimCount > 1 && (
      <Alert severity="info" sx={{ my: 1 }}>
        {preview.rows.length} rows: this makes {preview.claimCount} claims, as HMRC takes at most 1,000 rows in one claim. Each is sent to HMRC on its own.
      </Alert>
    )}
    {preview.adjustments.length > 0 && (
      <Alert severity="warning" sx={{ my: 1 }}>
        {preview.adjustments.length} donation(s) refunded, or left with no declaration, after an earlier claim: declare {pounds(preview.adjustment)} as “{preview.adjustmentNote}”.
      </Alert>
    )}
    {preview.waitingAdjustments.length > 0 && (
      <Alert severity="info" sx={{ my: 1 }}>
        {preview.waitingAdjustments.length} more donation(s) to declare back, {pounds(preview.waitingAdjustments.reduce((sum, adjustment) => sum + adjustment.tax, 0))} of tax, wait
        for a later claim: what a claim declares back may not be more than the Gift Aid it asks for.
      </Alert>
    )}
    <Table size="small" aria-label="Schedule rows">
      <TableHead>
        <TableRow>
          {SCHEDULE_COLUMNS.map((column) => (
            <TableCell key={column.field}>{column.heading}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.rows.map((row, index) => (
          <TableRow key={index}>
            {SCHEDULE_COLUMNS.map((column) => (
              <TableCell key={column.field}>{row[column.field]}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** Choose a period, preview the rows and the Gift Aid, then make the claim as a Draft (one per 1,000 rows; once per period). */
export const GiftAidClaimCreate = () => {
  const [period, setPeriod] = useState<ClaimPeriod>({ from: '', to: '', aggregate: false });
  const [preview, setPreview] = useState<ClaimPreview>();
  const [error, setError] = useState<string>();
  const redirect = useRedirect();
  const dataProvider = useAdminDataProvider();
  const change = (changes: Partial<ClaimPeriod>) => {
    setPeriod({ ...period, ...changes });
    setPreview(undefined);
  };
  const run = (action: () => Promise<void>) => () => {
    setError(undefined);
    action().catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : 'The server could not be reached'));
  };
  return (
    <Box sx={{ p: 2 }}>
      <Title title="New Gift Aid claim" />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MuiTextField label="From" type="date" value={period.from} onChange={(event) => change({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: londonToday() } }} />
        <MuiTextField label="To" type="date" value={period.to} onChange={(event) => change({ to: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: londonToday() } }} />
        <FormControlLabel control={<Checkbox checked={period.aggregate} onChange={(event) => change({ aggregate: event.target.checked })} />} label="Aggregate small donations" />
        <Button variant="outlined" disabled={!period.from || !period.to} onClick={run(async () => setPreview(await dataProvider.previewGiftAidClaim(period)))}>
          Preview
        </Button>
        <Button variant="contained" disabled={!preview} onClick={run(async () => redirect('show', 'gift-aid-claims', await dataProvider.createGiftAidClaim(period)))}>
          Create claim
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      <PreviewTotal preview={preview} />
      {preview && <PreviewTable preview={preview} />}
    </Box>
  );
};
