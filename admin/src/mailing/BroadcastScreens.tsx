import { Chip } from '@mui/material';
import {
  Create,
  CreateButton,
  EditButton,
  FunctionField,
  List,
  RichTextField,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import { BROADCAST_STATUSES, type BroadcastStatus } from '@ministry/shared';
import { WhenField } from '../common/fields';
import { RichTextBody } from '../common/RichTextBody';
import { EditScreen, ListLoadError, ShowLoadError, usePhone } from '../common/screens';
import { AudienceChooser } from './AudienceChooser';
import { CancelScheduleButton, ScheduleButton, SendNowButton, TestSendButton } from './BroadcastActions';
import { BroadcastPreview } from './BroadcastPreview';
import { BROADCAST_STATUS_WORDS, audienceInWords, audienceInput, totalsInWords } from './mailingWords';
import { RecipientsTable } from './RecipientsTable';

type Totals = Record<'queued' | 'sent' | 'deferred' | 'bounced' | 'complained' | 'unsubscribed', number>;

type BroadcastRecord = RaRecord & {
  subject: string;
  body: string;
  listName: string | null;
  audience: Parameters<typeof audienceInput>[0];
  status: BroadcastStatus;
  recipientCount: number;
  totals: Totals;
  scheduledAt: string | null;
  sentAt: string | null;
};

const STATUS_COLOURS: Record<BroadcastStatus, 'default' | 'info' | 'warning' | 'success'> = { Draft: 'default', Scheduled: 'info', Sending: 'warning', Sent: 'success' };

const BroadcastStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<BroadcastRecord>();
  if (!record?.status) return null;
  return <Chip size="small" label={BROADCAST_STATUS_WORDS[record.status]} color={STATUS_COLOURS[record.status]} />;
};

/** "12 of 40": how many have been sent of those it goes to. */
const sentOfTotal = (broadcast: BroadcastRecord) => (broadcast.status === 'Draft' ? `— of ${broadcast.recipientCount}` : `${broadcast.totals?.sent ?? 0} of ${broadcast.recipientCount}`);

const STATUS_CHOICES = BROADCAST_STATUSES.map((id) => ({ id, name: BROADCAST_STATUS_WORDS[id] }));

/** A draft opens to be written, the others to how they went. */
const openAs = (record: RaRecord) => (record.status === 'Draft' ? 'edit' : 'show');

const BroadcastTable = () => (
  <DataTable rowClick={(_id, _resource, record) => openAs(record)} bulkActionButtons={false}>
    <DataTable.Col source="subject" label="Subject" />
    <DataTable.Col label="Audience" disableSort render={audienceInWords} />
    <DataTable.Col source="status" label="Status" field={BroadcastStatusField} />
    <DataTable.Col label="Sent" disableSort render={sentOfTotal} />
    <DataTable.Col source="createdAt" label="Written" field={WhenField} />
    <DataTable.Col source="scheduledAt" label="Scheduled for" disableSort>
      <WhenField source="scheduledAt" emptyText="—" />
    </DataTable.Col>
    <DataTable.Col source="sentAt" label="Finished" disableSort>
      <WhenField source="sentAt" emptyText="—" />
    </DataTable.Col>
  </DataTable>
);

/** On a phone, each e-mail as a link: its subject, who it goes to, and where it stands. */
const BroadcastPhoneList = () => (
  <SimpleList<BroadcastRecord>
    rowClick={(_id, _resource, record) => openAs(record)}
    primaryText={(broadcast) => broadcast.subject}
    secondaryText={(broadcast) => audienceInWords(broadcast)}
    tertiaryText={(broadcast) => `${BROADCAST_STATUS_WORDS[broadcast.status]} · ${sentOfTotal(broadcast)}`}
  />
);

/** Every e-mail to a list or group, newest first: a draft opens to be written, the others to how they went. */
export const BroadcastList = () => (
  <List
    title="E-mails"
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="Search subjects" />,
      <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn emptyText="Any status" />,
    ]}
    sort={{ field: 'createdAt', order: 'DESC' }}
    actions={
      <TopToolbar>
        <CreateButton label="Write an e-mail" />
      </TopToolbar>
    }
    exporter={false}
    error={<ListLoadError />}
  >
    {usePhone() ? <BroadcastPhoneList /> : <BroadcastTable />}
  </List>
);

/** The compose form's values as `createBroadcast`/`updateBroadcast` take them: nothing else (no totals, no `__typename`). */
export const toBroadcastInput = (data: RaRecord) => ({ subject: data.subject, body: data.body, audience: audienceInput(data.audience) });

/** Save alone: a broadcast is never deleted, so what was sent stays on record. */
const SaveToolbar = () => (
  <Toolbar>
    <SaveButton label="Save the draft" />
  </Toolbar>
);

/** Subject, body (the posts' editor), who it goes to and how many that is now, and the e-mail as it will look. */
const BroadcastForm = () => (
  <SimpleForm defaultValues={{ audience: { kind: 'List' } }} toolbar={<SaveToolbar />}>
    <TextInput source="subject" label="Subject" validate={required('Please write a subject')} fullWidth />
    <RichTextBody source="body" label="Message" validate={required('Please write the message')} />
    <AudienceChooser />
    <BroadcastPreview />
  </SimpleForm>
);

export const BroadcastCreate = () => (
  <Create title="Write an e-mail" redirect="show" transform={toBroadcastInput}>
    <BroadcastForm />
  </Create>
);

export const BroadcastEdit = () => (
  <EditScreen title="Draft e-mail" redirect="show" transform={toBroadcastInput}>
    <BroadcastForm />
  </EditScreen>
);

const BroadcastShowActions = () => {
  const record = useRecordContext<BroadcastRecord>();
  return (
    <TopToolbar>
      {record?.status === 'Draft' && <EditButton label="Change the draft" />}
      <TestSendButton />
      <ScheduleButton />
      <SendNowButton />
      <CancelScheduleButton />
    </TopToolbar>
  );
};

const Recipients = (_props: { label?: string }) => {
  const record = useRecordContext<BroadcastRecord>();
  return record && record.status !== 'Draft' ? <RecipientsTable broadcastId={String(record.id)} /> : null;
};

/** One e-mail: what it says, who it goes to, how it went in words, and each recipient. */
export const BroadcastShow = () => (
  <Show title="E-mail" actions={<BroadcastShowActions />} error={<ShowLoadError />}>
    <SimpleShowLayout>
      <TextField source="subject" label="Subject" />
      <FunctionField<BroadcastRecord> label="Goes to" render={(broadcast) => audienceInWords(broadcast)} />
      <BroadcastStatusField label="Status" />
      <FunctionField<BroadcastRecord> label="People" render={(broadcast) => (broadcast.status === 'Draft' ? `${broadcast.recipientCount} would receive it now` : broadcast.recipientCount)} />
      <WhenField source="scheduledAt" label="Scheduled for" emptyText="—" />
      <WhenField source="sentAt" label="Finished" emptyText="—" />
      <FunctionField<BroadcastRecord> label="How it went" render={(broadcast) => totalsInWords(broadcast.totals)} />
      <RichTextField source="body" label="Message" />
      <Recipients label="" />
    </SimpleShowLayout>
  </Show>
);
