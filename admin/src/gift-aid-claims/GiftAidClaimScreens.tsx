import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayField,
  BooleanField,
  CreateButton,
  DataTable,
  DateField,
  List,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  Title,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { MoneyField, WhenField } from '../common/fields';
import { ApiError } from '../data/graphqlCall';
import { type ClaimPeriod, type ClaimPreview, createClaim, downloadSchedule, previewClaim, type ScheduleRow } from './claimsApi';

const COLUMNS: [keyof ScheduleRow, string][] = [
  ['title', 'Title'],
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['houseNameOrNumber', 'House name or number'],
  ['postcode', 'Postcode'],
  ['aggregatedDonations', 'Aggregated donations'],
  ['sponsoredEvent', 'Sponsored event'],
  ['donationDate', 'Donation date'],
  ['amount', 'Amount'],
];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New claim" />
  </TopToolbar>
);

export const GiftAidClaimList = () => (
  <List title="Gift Aid claims" sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListActions />}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="id" label="Claim" />
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
    </DataTable>
  </List>
);

/** One download button per schedule file and format. */
const ScheduleDownloads = () => {
  const claim = useRecordContext<{ id: string; scheduleFiles: string[] }>();
  const notify = useNotify();
  if (!claim) return null;
  const files = claim.scheduleFiles.flatMap((csv, index) => {
    const part = claim.scheduleFiles.length > 1 ? `-part-${index + 1}` : '';
    return ['csv', 'ods'].map((format) => ({ path: csv.replace('schedule.csv', `schedule.${format}`), name: `gift-aid-claim-${claim.id}${part}.${format}` }));
  });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {files.map((file) => (
        <Button key={file.name} startIcon={<DownloadIcon />} onClick={() => void downloadSchedule(file.path, file.name).catch((error: Error) => notify(error.message, { type: 'error' }))}>
          {file.name}
        </Button>
      ))}
    </Stack>
  );
};

export const GiftAidClaimShow = () => (
  <Show title="Gift Aid claim">
    <SimpleShowLayout>
      <TextField source="id" label="Claim" />
      <TextField source="from" label="From" />
      <TextField source="to" label="To" />
      <BooleanField source="aggregated" label="Small gifts aggregated" />
      <MoneyField source="donationsTotal" currency="GBP" label="Donations claimed" />
      <MoneyField source="taxToReclaim" currency="GBP" label="Gift Aid to reclaim" />
      <MoneyField source="adjustment" currency="GBP" label="Adjustment (over-claimed before)" />
      <TextField source="adjustmentNote" label="Adjustment to declare" emptyText="—" />
      <DateField source="keepUntil" label="Kept until" />
      <NumberField source="rowCount" label="Rows" />
      <ScheduleDownloads />
      <ArrayField source="rows" label="Schedule">
        <DataTable bulkActionButtons={false} rowClick={false}>
          {COLUMNS.map(([source, label]) => (
            <DataTable.Col key={source} source={source} label={label} disableSort />
          ))}
        </DataTable>
      </ArrayField>
    </SimpleShowLayout>
  </Show>
);

const pounds = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

const PreviewTable = ({ preview }: { preview: ClaimPreview }) => (
  <Box sx={{ overflowX: 'auto' }}>
    <Typography>
      {preview.donationCount} donations, {pounds(preview.donationsTotal)}: Gift Aid to reclaim {pounds(preview.taxToReclaim)}
    </Typography>
    {preview.adjustments.length > 0 && (
      <Alert severity="warning" sx={{ my: 1 }}>
        {preview.adjustments.length} donation(s) refunded after an earlier claim: declare {pounds(preview.adjustment)} as “{preview.adjustmentNote}”.
      </Alert>
    )}
    <Table size="small" aria-label="Schedule rows">
      <TableHead>
        <TableRow>
          {COLUMNS.map(([source, label]) => (
            <TableCell key={source}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.rows.map((row, index) => (
          <TableRow key={index}>
            {COLUMNS.map(([source]) => (
              <TableCell key={source}>{row[source]}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** Choose a period, preview the rows and the Gift Aid, then make the claim (once per period). */
export const GiftAidClaimCreate = () => {
  const [period, setPeriod] = useState<ClaimPeriod>({ from: '', to: '', aggregate: false });
  const [preview, setPreview] = useState<ClaimPreview>();
  const [error, setError] = useState<string>();
  const redirect = useRedirect();
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
        <MuiTextField label="From" type="date" value={period.from} onChange={(event) => change({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <MuiTextField label="To" type="date" value={period.to} onChange={(event) => change({ to: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <FormControlLabel control={<Checkbox checked={period.aggregate} onChange={(event) => change({ aggregate: event.target.checked })} />} label="Aggregate small donations" />
        <Button variant="outlined" disabled={!period.from || !period.to} onClick={run(async () => setPreview(await previewClaim(period)))}>
          Preview
        </Button>
        <Button variant="contained" disabled={!preview} onClick={run(async () => redirect('show', 'gift-aid-claims', await createClaim(period)))}>
          Create claim
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {preview && <PreviewTable preview={preview} />}
    </Box>
  );
};
