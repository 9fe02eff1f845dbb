import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  CreateButton,
  DateField,
  Labeled,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  ShowButton,
  SimpleList,
  SimpleShowLayout,
  TextField,
  Title,
  TopToolbar,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PersonField, WhenField } from '../common/fields';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { ApiError } from '../data/errors';
import { CancelForDonor } from './CancelForDonor';
import { CANCELLATION_METHODS, type RecordedDeclaration } from './declarationsApi';
import { londonToday } from '../common/format';
import { usePhone } from '../common/screens';

const STATUSES = [
  { id: 'InForce', name: 'In force' },
  { id: 'Cancelled', name: 'Cancelled' },
  { id: 'Superseded', name: 'Superseded' },
];

const SCOPES = [
  { id: 'Enduring', name: 'Past 4 years and future gifts' },
  { id: 'ThisDonation', name: 'One gift' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search donor name" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUSES} alwaysOn emptyText="Any status" />,
];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="Record an oral or paper declaration" />
  </TopToolbar>
);

type DeclarationSummary = { id: string; firstName: string; lastName: string; status: string; scope: string; effectiveFrom: string };

/** On a phone, each declaration as a link: the donor's name, its status, and the first day it covers. */
const DeclarationPhoneList = () => (
  <SimpleList<DeclarationSummary>
    rowClick="show"
    primaryText={(declaration) => `${declaration.firstName} ${declaration.lastName}`}
    secondaryText={(declaration) => `${STATUSES.find((status) => status.id === declaration.status)?.name ?? declaration.status} · covers gifts from ${declaration.effectiveFrom}`}
  />
);

/** Every declaration, newest first; a row opens by click or by its Show button. */
const DeclarationTable = () => (
  <DataTable rowClick="show" bulkActionButtons={false}>
    <DataTable.Col source="lastName" label="Last name" />
    <DataTable.Col source="firstName" label="First name" disableSort />
    <DataTable.Col source="status" label="Status" disableSort>
      <SelectField source="status" choices={STATUSES} />
    </DataTable.Col>
    <DataTable.Col source="scope" label="Covers" disableSort>
      <SelectField source="scope" choices={SCOPES} />
    </DataTable.Col>
    <DataTable.Col source="version" label="Version" disableSort />
    <DataTable.Col source="source" label="Given" disableSort />
    <DataTable.Col source="effectiveFrom" label="Covers gifts from" />
    <DataTable.Col source="createdAt" label="Recorded" field={WhenField} />
    <DataTable.Col label="Open">
      <ShowButton />
    </DataTable.Col>
  </DataTable>
);

export const GiftAidDeclarationList = () => (
  <List title="Gift Aid declarations" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListActions />}>
    {usePhone() ? <DeclarationPhoneList /> : <DeclarationTable />}
  </List>
);

type Version = { id: string; version: number; status: string };

/** Every version of the declaration, each a link to its own page. */
const Versions = () => {
  const declaration = useRecordContext<{ id: string; versions?: Version[] }>();
  if (!declaration?.versions?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {declaration.versions.map((version) => (
        <li key={version.id}>
          {String(version.id) === String(declaration.id) ? (
            <strong>
              Version {version.version} ({version.status}): this page
            </strong>
          ) : (
            <Link component={RouterLink} to={`/gift-aid-declarations/${version.id}/show`}>
              Version {version.version} ({version.status})
            </Link>
          )}
        </li>
      ))}
    </Box>
  );
};

/** How the declaration was given and who recorded it. */
const MadeBy = () => {
  const declaration = useRecordContext<{ source: string; recordedByUser?: { firstname: string; lastname: string } | null; confirmationSentAt?: string | null }>();
  if (!declaration) return null;
  if (declaration.source === 'Online') return <Typography variant="body2">By the donor, online</Typography>;
  const staff = declaration.recordedByUser ? `${declaration.recordedByUser.firstname} ${declaration.recordedByUser.lastname}` : 'a former staff member';
  return (
    <Typography variant="body2">
      {declaration.source === 'Oral' ? 'Orally' : 'On paper'}, recorded by {staff}
      {declaration.source === 'Oral' && (declaration.confirmationSentAt ? `; written record e-mailed ${new Date(declaration.confirmationSentAt).toLocaleString('en-GB')}` : '; no written record sent')}
    </Typography>
  );
};

/** How, when and by whom the declaration was cancelled. */
const Cancellation = () => {
  const declaration = useRecordContext<{
    cancelledAt?: string | null;
    cancellationMethod?: string | null;
    cancellationNote?: string;
    cancellationRecordedAt?: string | null;
    cancelledByUser?: { firstname: string; lastname: string } | null;
  }>();
  if (!declaration?.cancelledAt) return <Typography variant="body2">Not cancelled</Typography>;
  const who = declaration.cancelledByUser ? `${declaration.cancelledByUser.firstname} ${declaration.cancelledByUser.lastname}` : 'someone whose account is gone';
  const received = CANCELLATION_METHODS.find((method) => method.id === declaration.cancellationMethod)?.name.toLowerCase() ?? 'by the donor';
  const how = declaration.cancellationMethod === 'Online' ? 'by the donor in their account' : `received ${received}, recorded by ${who}`;
  return (
    <Typography variant="body2">
      From {new Date(declaration.cancelledAt).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' })}, {how}
      {declaration.cancellationRecordedAt ? ` on ${new Date(declaration.cancellationRecordedAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}` : ''}
      {declaration.cancellationNote ? `. Note: ${declaration.cancellationNote}` : ''}
    </Typography>
  );
};

/** Opens the written record alone on a page of its own, as a letter, and asks the browser to print it. */
function printRecord(text: string) {
  const page = window.open('', '_blank');
  if (!page) return;
  page.document.title = 'Gift Aid declaration: written record';
  const letter = page.document.createElement('pre');
  letter.style.cssText = 'white-space: pre-wrap; font: 12pt/1.5 Georgia, serif; margin: 2cm;';
  letter.textContent = text;
  page.document.body.append(letter);
  page.print();
}

/** The written record of an oral declaration, as e-mailed to the donor, to print and post when they have no e-mail. */
const WrittenRecord = () => {
  const declaration = useRecordContext<{ writtenRecord?: string | null }>();
  if (!declaration?.writtenRecord) return null;
  return (
    <Box component="section" aria-label="Written record sent to the donor" sx={{ my: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Written record sent to the donor
        </Typography>
        <Button startIcon={<PrintIcon />} onClick={() => printRecord(declaration.writtenRecord!)}>
          Print it
        </Button>
      </Stack>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', p: 2, border: 1, borderColor: 'divider' }}>
        {declaration.writtenRecord}
      </Box>
    </Box>
  );
};

export const GiftAidDeclarationShow = () => (
  <Show title="Gift Aid declaration">
    <SimpleShowLayout>
      <SelectField source="status" label="Status" choices={STATUSES} />
      <PersonField source="donor" />
      <Labeled label="Name and home address">
        <DonorAddress />
      </Labeled>
      <SelectField source="scope" label="Covers" choices={SCOPES} />
      <TextField source="effectiveFrom" label="Covers gifts from" />
      <DateField source="declaredOn" label="Given on" />
      <WhenField source="createdAt" label="Recorded" />
      <Labeled label="How it was given">
        <MadeBy />
      </Labeled>
      <Labeled label="Exact wording">
        <TextField source="wording" sx={{ display: 'block', whiteSpace: 'pre-wrap' }} />
      </Labeled>
      <TextField source="wordingVersion" label="Wording version" />
      <Labeled label="Versions">
        <Versions />
      </Labeled>
      <Labeled label="Cancellation">
        <Cancellation />
      </Labeled>
      <WrittenRecord />
      <CancelForDonor />
    </SimpleShowLayout>
  </Show>
);

const DonorAddress = () => {
  const declaration = useRecordContext<{ title: string; firstName: string; lastName: string; houseNameOrNumber: string; postcode: string | null }>();
  if (!declaration) return null;
  return (
    <Typography variant="body2">
      {[declaration.title, declaration.firstName, declaration.lastName].filter(Boolean).join(' ')}, {declaration.houseNameOrNumber}
      {declaration.postcode ? `, ${declaration.postcode}` : ' (lives abroad)'}
    </Typography>
  );
};


const EMPTY: RecordedDeclaration = { donorEmail: '', source: 'Oral', declaredOn: londonToday(), scope: 'Enduring', title: '', firstName: '', lastName: '', houseNameOrNumber: '', postcode: '', livesAbroad: false };

/** Records a declaration a member gave by telephone, in person or on paper. */
export const GiftAidDeclarationCreate = () => {
  const [declaration, setDeclaration] = useState<RecordedDeclaration>(EMPTY);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const redirect = useRedirect();
  const dataProvider = useAdminDataProvider();
  const change = (changes: Partial<RecordedDeclaration>) => setDeclaration({ ...declaration, ...changes });
  const text = (field: keyof RecordedDeclaration, label: string, props: { required?: boolean; maxLength?: number; type?: string; autoComplete?: string } = {}) => (
    <MuiTextField
      label={label}
      value={declaration[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      required={props.required}
      type={props.type}
      autoComplete={props.autoComplete ?? 'off'}
      slotProps={{ htmlInput: { maxLength: props.maxLength }, inputLabel: props.type === 'date' ? { shrink: true } : undefined }}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    dataProvider
      .recordGiftAidDeclaration(declaration)
      .then((id) => redirect('show', 'gift-aid-declarations', id))
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : 'The server could not be reached'))
      .finally(() => setBusy(false));
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, maxWidth: 900 }} aria-label="Record an oral or paper declaration">
      <Title title="Record an oral or paper declaration" />
      <Typography variant="body2" sx={{ mb: 2 }}>
        For a member who declared by telephone, in person or on a paper form. For an oral declaration HMRC requires a written record to be sent to the donor: it is e-mailed to them when you save, and you can print it from the declaration&apos;s page.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        {text('donorEmail', "Member's account e-mail", { required: true, type: 'email', maxLength: 254 })}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <MuiTextField select label="How it was given" value={declaration.source} onChange={(event) => change({ source: event.target.value as RecordedDeclaration['source'] })} sx={{ minWidth: 220 }}>
            <MenuItem value="Oral">Orally (telephone or in person)</MenuItem>
            <MenuItem value="Paper">On a paper form</MenuItem>
          </MuiTextField>
          {text('declaredOn', 'Given on', { required: true, type: 'date' })}
          <MuiTextField select label="What it covers" value={declaration.scope} onChange={(event) => change({ scope: event.target.value as RecordedDeclaration['scope'] })} sx={{ minWidth: 260 }}>
            {SCOPES.map((scope) => (
              <MenuItem key={scope.id} value={scope.id}>
                {scope.name}
              </MenuItem>
            ))}
          </MuiTextField>
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {text('title', 'Title', { maxLength: 20 })}
          {text('firstName', 'First name', { required: true, maxLength: 35 })}
          {text('lastName', 'Last name', { required: true, maxLength: 35 })}
        </Stack>
        <FormControlLabel control={<Checkbox checked={declaration.livesAbroad} onChange={(event) => change({ livesAbroad: event.target.checked })} />} label="UK taxpayer living abroad (no UK postcode)" />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {text('houseNameOrNumber', declaration.livesAbroad ? 'Home address' : 'House name or number', { required: true, maxLength: 40 })}
          {!declaration.livesAbroad && text('postcode', 'Postcode', { required: true, maxLength: 10 })}
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Record declaration
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
