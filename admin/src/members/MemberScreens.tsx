import { Chip } from '@mui/material';
import { DataTable, EmailField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { IdField, WhenField } from '../common/fields';
import { BulkExportActions } from '../common/screens';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail or phone" />,
  <SelectInput key="role" source="role" label="Role" choices={[{ id: 'Member', name: 'Member' }, { id: 'Admin', name: 'Admin' }]} alwaysOn emptyText="Everyone" />,
];

const FullName = (_props: { label?: string }) => {
  const record = useRecordContext<{ title?: string; firstname?: string; lastname?: string }>();
  return <span>{[record?.title, record?.firstname, record?.lastname].filter(Boolean).join(' ')}</span>;
};

const RoleField = (_props: { label?: string }) => {
  const record = useRecordContext<{ role?: string }>();
  return record?.role ? <Chip size="small" label={record.role} color={record.role === 'Admin' ? 'primary' : 'default'} /> : null;
};

/** Everyone with an account; read-only, and passwords are never shown or stored in readable form. */
export const MemberList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="All Members">
    <DataTable rowClick="show" bulkActionButtons={<BulkExportActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="lastname" label="Name" field={FullName} />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="phone" label="Phone" disableSort />
      <DataTable.Col source="country" label="Country" />
      <DataTable.Col source="role" label="Role" field={RoleField} />
      <DataTable.Col source="createdAt" label="Joined" field={WhenField} />
    </DataTable>
  </List>
);

export const MemberShow = () => (
  <Show title="Member">
    <SimpleShowLayout>
      <IdField label="ID" />
      <FullName label="Name" />
      <EmailField source="email" label="Email" />
      <TextField source="phone" label="Phone" />
      <TextField source="gender" label="Gender" />
      <TextField source="marital_status" label="Marital status" />
      <TextField source="address" label="Address" emptyText="—" />
      <TextField source="city" label="City" />
      <TextField source="state" label="State / county" />
      <TextField source="country" label="Country" />
      <RoleField label="Role" />
      <WhenField label="Joined" />
    </SimpleShowLayout>
  </Show>
);
