import { Alert, Box, Button, CardContent, Chip, List as MuiList, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  FilterButton,
  Link,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PRAYER_PRIVACIES, PRAYER_PRIVACY_WORDS } from '@ministry/shared';
import { StatusField, STATUS_LABELS } from '../common/fields';
import { formatWhen } from '../common/format';
import { REQUEST_STATUS_HELP, REQUEST_STATUSES, RequestStatusInput } from '../common/inputs';
import { useCanManageCare } from '../common/requests';
import { ActionResult } from '../common/ActionResult';
import { SafeConfirm } from '../common/SafeConfirm';
import { ListLoadError, OPEN_COLUMN, ShowLoadError, usePhone } from '../common/screens';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { useCareTeam } from './useCareTeam';
import { age, CARE_KINDS, kindOf, staffName, type StaffMember } from '../common/care';

type CareEvent = {
  id: string;
  type: 'Note' | 'RequesterAnswer' | 'StatusChange' | 'Assignment' | 'Reply';
  body?: string | null;
  author?: StaffMember | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  assignee?: StaffMember | null;
  createdAt: string;
};

type CareRequest = {
  id: string;
  kind: string;
  recordId: string;
  status: string;
  subject: string;
  requesterName: string;
  requesterEmail?: string | null;
  requesterPhone?: string | null;
  message: string;
  privacy?: string | null;
  assigneeId?: string | null;
  assignee?: StaffMember | null;
  createdAt: string;
  lastReplyAt?: string | null;
  overdue: boolean;
  timeline?: CareEvent[];
};

const PRIVACY_LABELS: Record<string, string> = Object.fromEntries(PRAYER_PRIVACIES.map((privacy) => [privacy, PRAYER_PRIVACY_WORDS[privacy].staffSummary]));

/** A filter that is on or off: chosen from "Add filter", removed with its cross. */
const QuickFilter = ({ label }: { label: string; source: string; defaultValue: boolean }) => <Chip sx={{ mb: 1 }} label={label} />;

const useCareFilters = () => {
  const team = useCareTeam();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
    <SelectInput key="kind" source="kind" label="Kind" choices={CARE_KINDS} alwaysOn emptyText="Any kind" />,
    <RequestStatusInput key="status" alwaysOn emptyText="Any status" />,
    <SelectInput key="assigneeId" source="assigneeId" label="Assigned to" choices={team.map((person) => ({ id: person.id, name: staffName(person) }))} alwaysOn emptyText="Anyone" />,
    <QuickFilter key="open" source="open" label="Open (not closed)" defaultValue />,
    <QuickFilter key="mine" source="mine" label="Assigned to me" defaultValue />,
    <QuickFilter key="unassigned" source="unassigned" label="Unassigned" defaultValue />,
    <QuickFilter key="overdue" source="overdue" label="No reply after 2 days" defaultValue />,
    <NumberInput key="olderThanDays" source="olderThanDays" label="Older than (days)" min={0} />,
  ];
};

const KindField = (_props: { source?: string }) => <span>{kindOf(useRecordContext<CareRequest>()?.kind)?.name ?? ''}</span>;

const AssigneeField = (_props: { source?: string }) => {
  const assignee = useRecordContext<CareRequest>()?.assignee;
  return assignee ? <span>{staffName(assignee)}</span> : <Typography variant="body2" color="text.secondary" component="span">Unassigned</Typography>;
};

const AgeField = (_props: { source?: string }) => {
  const record = useRecordContext<CareRequest>();
  if (!record) return null;
  return (
    <span>
      {age(record.createdAt)}
      {record.overdue && <Chip size="small" color="warning" label="No reply after 2 days" sx={{ ml: 1 }} />}
    </span>
  );
};

const LastReplyField = (_props: { source?: string }) => {
  const lastReplyAt = useRecordContext<CareRequest>()?.lastReplyAt;
  return lastReplyAt ? <span>{formatWhen(lastReplyAt)}</span> : <Typography variant="body2" color="text.secondary" component="span">No reply yet</Typography>;
};

/** The list asks only for its columns: the message and timeline of every row would be heavy and unread. */
const LIST_FIELDS = ['id', 'kind', 'subject', 'requesterName', 'status', 'createdAt', 'lastReplyAt', 'overdue', 'assigneeId', { assignee: ['id', 'firstname', 'lastname'] }];

/** On a phone, each request as a link: its subject, who sent it, its status and age. */
const CarePhoneList = () => (
  <SimpleList<CareRequest>
    rowClick="show"
    primaryText={(record) => record.subject}
    secondaryText={(record) => `${record.requesterName} · ${STATUS_LABELS[record.status] ?? record.status}`}
    tertiaryText={(record) => age(record.createdAt)}
  />
);

/** Every contact enquiry, question, counselling, baptism and prayer request in one list, newest first. No export: these are special-category data. */
export const CareList = () => (
  <List
    title="Care inbox"
    filters={useCareFilters()}
    actions={
      <TopToolbar>
        <FilterButton />
      </TopToolbar>
    }
    sort={{ field: 'createdAt', order: 'DESC' }}
    queryOptions={{ meta: { sparseFields: LIST_FIELDS } }}
    error={<ListLoadError />}
  >
    {usePhone() ? (
      <CarePhoneList />
    ) : (
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="kind" label="Kind" field={KindField} />
        <DataTable.Col source="subject" label="Subject" disableSort />
        <DataTable.Col source="requesterName" label="From" disableSort />
        <DataTable.Col source="status" label="Status" field={StatusField} />
        <DataTable.Col source="assignee" label="Assigned to" disableSort field={AssigneeField} />
        <DataTable.Col source="createdAt" label="Age" field={AgeField} />
        <DataTable.Col source="lastReplyAt" label="Last reply" field={LastReplyField} />
        {OPEN_COLUMN}
      </DataTable>
    )}
  </List>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Typography variant="body1">
    <Typography component="span" color="text.secondary">
      {label}:{' '}
    </Typography>
    <span>{children}</span>
  </Typography>
);

const StatusAndAssignee = ({ record }: { record: CareRequest }) => {
  const dataProvider = useAdminDataProvider();
  const team = useCareTeam();
  // Focus stays on the field just changed; how it went is announced beside it.
  const { busy, run, outcome } = useAction({ inline: true });
  const change = (action: () => Promise<unknown>, done: string) => {
    if (!busy) void run(action, done);
  };
  // The current assignee stays a choice even before the team has loaded, or after they left it.
  const people = record.assignee && !team.some((person) => person.id === record.assignee!.id) ? [record.assignee, ...team] : team;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        label="Status"
        value={record.status}
        helperText={REQUEST_STATUS_HELP}
        sx={{ minWidth: '14rem', flex: '1 1 20rem' }}
        onChange={(event) => change(() => dataProvider.updateCareRequest(record.id, { status: event.target.value }), `The status is now ${STATUS_LABELS[event.target.value] ?? event.target.value}`)}
      >
        {REQUEST_STATUSES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Assigned to"
        value={record.assigneeId ?? ''}
        helperText="Who looks after this request. They are e-mailed a link to it (never its text)."
        sx={{ minWidth: '14rem', flex: '1 1 20rem' }}
        onChange={(event) => {
          const assigneeId = event.target.value || null;
          const name = staffName(people.find((person) => person.id === assigneeId));
          change(() => dataProvider.updateCareRequest(record.id, { assigneeId }), assigneeId ? `Assigned to ${name}` : 'Nobody is assigned now');
        }}
      >
        <MenuItem value="">Nobody (unassigned)</MenuItem>
        {people.map((person) => (
          <MenuItem key={person.id} value={person.id}>
            {staffName(person)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexBasis: '100%' }}>
        <ActionResult outcome={outcome} />
      </Box>
    </Box>
  );
};

const describeEvent = (event: CareEvent): string => {
  const by = staffName(event.author) || 'The website';
  switch (event.type) {
    case 'Note':
      return `Note by ${by}`;
    case 'RequesterAnswer':
      return `Answer from the requester, added by ${by}`;
    case 'StatusChange':
      return `${by} changed the status from ${STATUS_LABELS[event.fromStatus ?? ''] ?? event.fromStatus ?? '—'} to ${STATUS_LABELS[event.toStatus ?? ''] ?? event.toStatus ?? '—'}`;
    case 'Assignment':
      return event.assignee ? `${by} assigned it to ${staffName(event.assignee)}` : `${by} unassigned it`;
    case 'Reply':
      return `${by} replied by e-mail`;
  }
};

/** What happened to the request, oldest first. */
const Timeline = ({ events = [] }: { events?: CareEvent[] }) =>
  events.length === 0 ? (
    <Typography color="text.secondary">Nothing yet: no notes, replies or changes.</Typography>
  ) : (
    <MuiList component="ol" dense sx={{ p: 0 }}>
      {events.map((event) => (
        <ListItem key={event.id} divider alignItems="flex-start" sx={{ px: 0 }}>
          <ListItemText
            primary={`${describeEvent(event)} · ${formatWhen(event.createdAt)}`}
            secondary={event.body || null}
            slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', color: 'text.primary' } } }}
          />
        </ListItem>
      ))}
    </MuiList>
  );

type TextActionProps = {
  title: string;
  label: string;
  helperText: string;
  submitLabel: string;
  done: string;
  send: (text: string) => Promise<unknown>;
  /** Asked before sending, for what cannot be taken back (an e-mail). */
  confirm?: { title: string; content: string };
};

/** A text box and a button: a note, the requester's answer, or a reply. */
const TextAction = ({ title, label, helperText, submitLabel, done, send, confirm }: TextActionProps) => {
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  // The button is disabled once the text box is emptied, so focus goes to how it went.
  const { busy, run, outcome } = useAction({ inline: true });
  const submit = async () => {
    setAsking(false);
    if (await run(() => send(text.trim()), done)) setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm) setAsking(true);
    else void submit();
  };
  return (
    <Section title={title}>
      <Box component="form" onSubmit={onSubmit} sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <TextField label={label} value={text} onChange={(event) => setText(event.target.value)} multiline minRows={3} fullWidth helperText={helperText} />
        <Button type="submit" variant="contained" disabled={busy || !text.trim()}>
          {submitLabel}
        </Button>
        <ActionResult outcome={outcome} takeFocus />
      </Box>
      {confirm && (
        <SafeConfirm isOpen={asking} loading={busy} title={confirm.title} content={confirm.content} confirm="Yes, send it" cancel="No, go back" onConfirm={() => void submit()} onClose={() => setAsking(false)} />
      )}
    </Section>
  );
};

const CareRequestDetails = () => {
  const dataProvider = useAdminDataProvider();
  const record = useRecordContext<CareRequest>();
  const canManage = useCanManageCare();
  if (!record) return null;
  const kind = kindOf(record.kind);
  const recipient = record.requesterEmail ? `${record.requesterName} <${record.requesterEmail}>` : record.requesterName;
  return (
    <CardContent sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {record.subject}
        </Typography>
        <Typography color="text.secondary">
          {kind?.name ?? record.kind} · received {formatWhen(record.createdAt)} ({age(record.createdAt)})
        </Typography>
      </Box>
      {record.overdue && <Alert severity="warning">Nobody has replied yet, 2 days after it came.</Alert>}
      <Section title="From">
        <Detail label="Name">{record.requesterName}</Detail>
        {record.requesterEmail && <Detail label="Email">{record.requesterEmail}</Detail>}
        {record.requesterPhone && <Detail label="Phone">{record.requesterPhone}</Detail>}
        {record.privacy && <Detail label="Privacy">{PRIVACY_LABELS[record.privacy] ?? record.privacy}</Detail>}
      </Section>
      <Section title="Message">
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.message || 'No message: the form has no text box.'}</Typography>
        {kind && (
          <Box sx={{ mt: 1 }}>
            <Link to={`/${kind.resource}/${record.recordId}/show`}>{`Open it in ${kind.list}`}</Link>
          </Box>
        )}
      </Section>
      <Section title="Status">
        {canManage ? (
          <StatusAndAssignee record={record} />
        ) : (
          <>
            <StatusField />
            <Detail label="Assigned to">{staffName(record.assignee) || 'Nobody'}</Detail>
          </>
        )}
      </Section>
      <Section title="Timeline">
        <Timeline events={record.timeline} />
      </Section>
      {canManage && (
        <>
          <TextAction
            title="Add an internal note"
            label="Note"
            helperText="Only staff see notes here. The person can ask for a copy of this note."
            submitLabel="Add note"
            done="The note is added"
            send={(text) => dataProvider.addCareNote(record.id, text)}
          />
          <TextAction
            title="Add the requester's answer"
            label="Their answer"
            helperText="Paste what they wrote back (or what they said on the phone), so everyone sees it here."
            submitLabel="Add their answer"
            done="Their answer is added"
            send={(text) => dataProvider.addCareNote(record.id, text, true)}
          />
          <TextAction
            title="Reply by e-mail"
            label="Your reply"
            helperText={`This is e-mailed to ${recipient} and kept on the timeline.`}
            submitLabel="Send reply"
            done="The reply is on its way"
            send={(text) => dataProvider.replyToCareRequest(record.id, text)}
            confirm={{ title: 'Send this reply by e-mail?', content: `This e-mails your reply to ${recipient}. It cannot be taken back.` }}
          />
        </>
      )}
    </CardContent>
  );
};

/** One request: who sent it and what they wrote, its status and assignee, its timeline, and notes and replies. */
export const CareShow = () => (
  <Show title="Care request" actions={false} error={<ShowLoadError />}>
    <CareRequestDetails />
  </Show>
);
