import { Typography } from '@mui/material';
import { AutocompleteInput, DateInput, List, ReferenceInput, SearchInput, SelectInput, TopToolbar, useRecordContext } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { WhenField } from '../common/fields';
import { Note } from '../common/screens';
import { ACTION_CHOICES, actionInWords, actorInWords, RECORD_KIND_CHOICES, recordKindInWords } from './auditWords';

export type AuditEventRecord = {
  id: string;
  at: string;
  actorId: string | null;
  actor: { firstname: string; lastname: string; role: string } | null;
  actorRole: string | null;
  action: string;
  recordKind: string | null;
  recordIds: string[];
  address: string | null;
  detail: string | null;
};

/** A chosen day as the server's DateTime: from its first moment, or up to its last, in the admin's own time. */
const startOfDay = (day: string | null) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const endOfDay = (day: string | null) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search action, record, detail or address" />,
  <SelectInput key="action" source="action" label="What was done" choices={ACTION_CHOICES} alwaysOn emptyText="Anything" />,
  <ReferenceInput key="actorId" source="actorId" reference="members" alwaysOn>
    <AutocompleteInput label="Who" optionText={(member: { firstname: string; lastname: string }) => `${member.firstname} ${member.lastname}`} />
  </ReferenceInput>,
  <SelectInput key="recordKind" source="recordKind" label="Kind of record" choices={RECORD_KIND_CHOICES} emptyText="Any kind" />,
  <DateInput key="from" source="from" label="From" parse={startOfDay} />,
  <DateInput key="to" source="to" label="To" parse={endOfDay} />,
];

const Text = ({ children }: { children: string }) => (
  <Typography variant="body2" component="span">
    {children}
  </Typography>
);

const ActorField = () => {
  const record = useRecordContext<AuditEventRecord>();
  return record ? <Text>{actorInWords(record)}</Text> : null;
};

const ActionField = () => {
  const record = useRecordContext<AuditEventRecord>();
  return record ? <Text>{actionInWords(record.action)}</Text> : null;
};

const RecordField = () => {
  const record = useRecordContext<AuditEventRecord>();
  if (!record?.recordKind && !record?.recordIds.length) return null;
  const ids = record.recordIds.length ? ` ${record.recordIds.join(', ')}` : '';
  return <Text>{`${recordKindInWords(record.recordKind)}${ids}`}</Text>;
};

/** Nothing here can be added, changed or deleted: the trail is a record of what happened. */
export const AuditEventList = () => (
  <List title="Audit trail" filters={filters} sort={{ field: 'at', order: 'DESC' }} actions={<TopToolbar />} exporter={false}>
    <Note>Every time a staff member opens or lists care records, exports data, changes a role or erases someone’s data, it is written here.</Note>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="at" label="When" field={WhenField} />
      <DataTable.Col source="actorId" label="Who" field={ActorField} />
      <DataTable.Col source="action" label="What was done" field={ActionField} />
      <DataTable.Col label="Record" disableSort field={RecordField} />
      <DataTable.Col source="detail" label="Detail" disableSort />
      <DataTable.Col source="address" label="From address" disableSort />
    </DataTable>
  </List>
);
