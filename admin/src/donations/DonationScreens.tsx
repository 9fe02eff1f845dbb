import UndoIcon from '@mui/icons-material/Undo';
import { DataTable, EmailField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { IdField, MoneyField, PersonField, StatusField, WhenField } from '../common/fields';
import { OrderActionButton } from '../common/OrderActionButton';
import { BulkExportActions } from '../common/screens';

export const DONATION_STATUSES = ['Created', 'Paid', 'Refunded', 'Failed'].map((id) => ({ id, name: id === 'Created' ? 'Started, not paid' : id }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail or PayPal id" />,
  <SelectInput key="status" source="status" label="Status" choices={DONATION_STATUSES} alwaysOn emptyText="Any status" />,
];

export const DonationList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Donations">
    <DataTable rowClick="show" bulkActionButtons={<BulkExportActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="orderID" label="Donation ID" disableSort />
      <DataTable.Col source="createdAt" label="Order Date" field={WhenField} />
      <DataTable.Col source="amount" label="Amount">
        <MoneyField source="amount" />
      </DataTable.Col>
      <DataTable.Col source="description" label="Description" disableSort />
      <DataTable.Col label="User Name" disableSort>
        <PersonField source="user" />
      </DataTable.Col>
      <DataTable.Col source="user.email" label="Email" disableSort />
      <DataTable.Col source="user.phone" label="Phone" disableSort />
      <DataTable.Col source="user.country" label="Country" disableSort />
      <DataTable.Col source="status" label="Status" field={StatusField} />
    </DataTable>
  </List>
);

const DonationActions = () => (
  <TopToolbar>
    <OrderActionButton
      action="refundDonation"
      label="Refund"
      icon={<UndoIcon />}
      allowedWhen={['Paid']}
      confirmTitle="Refund this donation?"
      confirmContent="The whole amount goes back to the donor through PayPal. This cannot be undone."
      done="The donation has been refunded"
    />
  </TopToolbar>
);

export const DonationShow = () => (
  <Show title="Donation" actions={<DonationActions />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="orderID" label="Donation ID (PayPal)" />
      <WhenField label="Order Date" />
      <MoneyField source="amount" label="Amount" />
      <TextField source="description" label="Description" emptyText="—" />
      <StatusField label="Status" />
      <PersonField source="user" label="User Name" />
      <EmailField source="user.email" label="Email" />
      <TextField source="user.phone" label="Phone" />
      <TextField source="user.country" label="Country" />
    </SimpleShowLayout>
  </Show>
);
