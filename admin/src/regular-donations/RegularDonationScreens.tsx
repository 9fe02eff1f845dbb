import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { DateField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar, useDataProvider, useListContext } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { formatMoney } from '../common/format';
import { IdField, MoneyField, StatusField, WhenField } from '../common/fields';
import { OrderActionButton } from '../common/OrderActionButton';
import { BUYER_COLUMNS, BUYER_FIELDS } from '../common/payments';
import { OPEN_COLUMN } from '../common/screens';
import type { AdminDataProvider } from '../data/dataProvider';
import type { MonthlyTotal } from '../data/graphqlConnection';
import { spreadsheetExporter } from '../common/export';

const STATUSES = [
  { id: 'ApprovalPending', name: 'Waiting for approval' },
  { id: 'Active', name: 'Active' },
  { id: 'Suspended', name: 'Suspended' },
  { id: 'Cancelled', name: 'Cancelled' },
  { id: 'Expired', name: 'Expired' },
];

const CURRENCIES = [
  { id: 'GBP', name: 'GBP (£)' },
  { id: 'USD', name: 'USD ($)' },
];

/** What the Active gifts the filters select bring in each month, per currency. */
const MonthlyTotals = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [data, setData] = useState<MonthlyTotal[]>();
  // Compared by value: the list hands a new object on every render.
  const key = JSON.stringify(filterValues);
  useEffect(() => {
    let current = true;
    dataProvider.regularGivingTotals(JSON.parse(key) as Record<string, unknown>).then(
      (totals) => current && setData(totals),
      () => current && setData(undefined),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, key]);
  if (!data) return null;
  const text = data.length
    ? data.map((total) => `${formatMoney(total.amount, total.currency)} from ${total.gifts} active ${total.gifts === 1 ? 'gift' : 'gifts'}`).join(' and ')
    : 'nothing yet';
  return (
    <Typography variant="subtitle1" component="p" role="status" sx={{ px: 2, pt: 1 }}>
      Committed each month: {text}
    </Typography>
  );
};

export const RegularDonationList = () => (
  <List
    exporter={spreadsheetExporter}
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail or PayPal id" />,
      <SelectInput key="status" source="status" label="Status" choices={STATUSES} alwaysOn emptyText="Any status" />,
      <SelectInput key="currency" source="currency" label="Currency" choices={CURRENCIES} alwaysOn emptyText="Any currency" />,
    ]}
    sort={{ field: 'createdAt', order: 'DESC' }}
    title="Regular gifts"
  >
    <MonthlyTotals />
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="createdAt" label="Set up" field={WhenField} />
      <DataTable.Col source="amount" label="Each month">
        <MoneyField source="amount" />
      </DataTable.Col>
      <DataTable.Col source="nextBillingAt" label="Next payment">
        <DateField source="nextBillingAt" emptyText="—" />
      </DataTable.Col>
      {BUYER_COLUMNS}
      <DataTable.Col source="status" label="Status" field={StatusField} />
      {OPEN_COLUMN}
    </DataTable>
  </List>
);

const RegularDonationActions = () => (
  <TopToolbar>
    <OrderActionButton
      action="cancelRegularDonation"
      label="Cancel gift"
      icon={<EventBusyIcon />}
      allowedWhen={['ApprovalPending', 'Active', 'Suspended']}
      confirmTitle="Cancel this regular gift?"
      confirmContent="PayPal will take no further payments for it. The donor is not refunded anything already given. This cannot be undone."
      done="The regular gift has been cancelled"
    />
  </TopToolbar>
);

export const RegularDonationShow = () => (
  <Show title="Regular gift" actions={<RegularDonationActions />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="subscriptionID" label="PayPal subscription" />
      <WhenField label="Set up" />
      <MoneyField source="amount" />
      <StatusField label="Status" />
      <DateField source="nextBillingAt" label="Next payment" emptyText="—" />
      <DateField source="cancelledAt" label="Cancelled" emptyText="—" showTime />
      {BUYER_FIELDS}
    </SimpleShowLayout>
  </Show>
);
