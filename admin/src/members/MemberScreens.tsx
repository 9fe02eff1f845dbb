import { Alert, Box, Button, Chip, ListItemText, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, EmailField, List, NullableBooleanInput, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PERMISSION, ROLE, ROLES, ROLE_WORDS } from '@ministry/shared';
import { can, type Permissions } from '../auth/permissions';
import { IdField, WhenField } from '../common/fields';
import { BulkExportActions, ListLoadError, OPEN_COLUMN, ShowLoadError } from '../common/screens';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { spreadsheetExporter } from '../common/export';

/** Every role, with what it lets a person do, in the words the Admin choosing it needs. */
const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_WORDS[role].label, means: ROLE_WORDS[role].meaning }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail or phone" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn emptyText="Everyone" />,
  <NullableBooleanInput key="emailVerified" source="emailVerified" label="E-mail confirmed" nullLabel="Either" trueLabel="Confirmed" falseLabel="Not confirmed" />,
];

const FullName = (_props: { label?: string }) => {
  const record = useRecordContext<{ title?: string; firstname?: string; lastname?: string }>();
  return <span>{[record?.title, record?.firstname, record?.lastname].filter(Boolean).join(' ')}</span>;
};

const RoleField = (_props: { label?: string }) => {
  const record = useRecordContext<{ role?: string }>();
  if (!record?.role) return null;
  const label = ROLE_CHOICES.find((role) => role.id === record.role)?.name ?? record.role;
  return <Chip size="small" label={label} color={record.role === ROLE.Admin ? 'primary' : record.role === ROLE.Member ? 'default' : 'secondary'} />;
};

type EmailStatus = { id: string; emailVerified?: boolean; emailVerifiedAt?: string | null; pendingEmail?: string | null };

/** Whether the person has proved the address is theirs; until then their export and erasure leave out forms sent with it. */
export const EmailStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<EmailStatus>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip size="small" label={record.emailVerified ? 'Confirmed' : 'Not confirmed'} color={record.emailVerified ? 'success' : 'default'} />
      {record.emailVerified && record.emailVerifiedAt && <WhenField source="emailVerifiedAt" />}
      {record.pendingEmail && <Typography variant="body2" component="span">New address waiting for its link: {record.pendingEmail}</Typography>}
    </Box>
  );
};

/**
 * For staff who manage members: confirms the address on the person's behalf, after checking it is theirs (they
 * showed the message in their inbox, say). The server records who did it on the audit trail.
 */
export const MarkEmailVerified = () => {
  const record = useRecordContext<EmailStatus>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [asking, setAsking] = useState(false);
  if (!record || record.emailVerified) return null;
  const confirm = async () => {
    await run(() => dataProvider.markEmailVerified(record.id), 'The e-mail address is marked as confirmed');
    setAsking(false);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)} disabled={busy}>
        Mark e-mail address as confirmed
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Mark this e-mail address as confirmed?"
        content="Only if you have checked that the address belongs to this person. Their data download and account deletion will then include every form sent with it. Your name goes on the audit trail."
        confirm="Yes, it is theirs"
        cancel="No, go back"
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

const MarkEmailVerifiedForMemberManagers = (_props: { label: false }) => (can(usePermissions<Permissions>().permissions, PERMISSION.membersManage) ? <MarkEmailVerified /> : null);

/** For Admins: gives the person another role. The server refuses to leave the site without an Admin. */
const RoleChange = () => {
  const record = useRecordContext<{ id: string; role?: string }>();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [role, setRole] = useState<string>(record?.role ?? ROLE.Member);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  if (!record) return null;
  const save = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await dataProvider.changeRole(record.id, role);
      notify(`The role is now ${ROLE_CHOICES.find((choice) => choice.id === role)?.name ?? role}`, { type: 'success' });
      refresh();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label="Change role" sx={{ display: 'grid', gap: 1, justifyItems: 'start', maxWidth: '40rem' }}>
      <Typography variant="h6" component="h2">
        Change role
      </Typography>
      <MuiTextField
        select
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value)}
        helperText={ROLE_CHOICES.find((choice) => choice.id === role)?.means}
        fullWidth
        // The chosen role by name; its meaning is the helper text below.
        slotProps={{ select: { renderValue: (value) => ROLE_CHOICES.find((choice) => choice.id === value)?.name ?? String(value) } }}
      >
        {ROLE_CHOICES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            <ListItemText primary={choice.name} secondary={choice.means} />
          </MenuItem>
        ))}
      </MuiTextField>
      <Button variant="contained" onClick={() => void save()} disabled={busy || role === record.role}>
        Save role
      </Button>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </Box>
  );
};

const RoleChangeForAdmins = (_props: { label: false }) => (can(usePermissions<Permissions>().permissions, PERMISSION.rolesAssign) ? <RoleChange /> : null);

/** Everyone with an account; read-only, and passwords are never shown or stored in readable form. */
export const MemberList = () => (
  <List exporter={spreadsheetExporter} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="All Members" error={<ListLoadError />}>
    <DataTable rowClick="show" bulkActionButtons={<BulkExportActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="lastname" label="Name" field={FullName} />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="emailVerified" label="E-mail confirmed" field={EmailStatusField} />
      <DataTable.Col source="phone" label="Phone" disableSort />
      <DataTable.Col source="country" label="Country" />
      <DataTable.Col source="role" label="Role" field={RoleField} />
      <DataTable.Col source="createdAt" label="Joined" field={WhenField} />
      {OPEN_COLUMN}
    </DataTable>
  </List>
);

export const MemberShow = () => (
  <Show title="Member" error={<ShowLoadError />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <FullName label="Name" />
      <EmailField source="email" label="Email" />
      <EmailStatusField label="E-mail confirmed" />
      <MarkEmailVerifiedForMemberManagers label={false} />
      <TextField source="phone" label="Phone" />
      <TextField source="gender" label="Gender" />
      <TextField source="marital_status" label="Marital status" />
      <TextField source="address" label="Address" emptyText="—" />
      <TextField source="city" label="City" />
      <TextField source="state" label="State / county" />
      <TextField source="country" label="Country" />
      <RoleField label="Role" />
      <WhenField label="Joined" />
      <RoleChangeForAdmins label={false} />
    </SimpleShowLayout>
  </Show>
);
