import type { ReactElement, ReactNode } from 'react';
import { EmailField, List, SearchInput, SelectInput, Show, SimpleList, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { DataTable } from './DataTable';
import { IdField, MoneyField, PersonField, StatusField, WhenField } from './fields';
import { formatMoney, formatWhen } from './format';
import { BulkExportActions, OPEN_COLUMN, usePhone } from './screens';
import { spreadsheetExporter } from './export';

/** A payment still 'Created' was started on PayPal but never paid. */
const statusChoices = (statuses: string[]) => statuses.map((id) => ({ id, name: id === 'Created' ? 'Started, not paid' : id }));

/** Who paid, as list columns: the member's name and how to reach them. */
export const BUYER_COLUMNS = [
  <DataTable.Col key="user" label="User Name" disableSort>
    <PersonField source="user" />
  </DataTable.Col>,
  <DataTable.Col key="email" source="user.email" label="Email" disableSort />,
  <DataTable.Col key="phone" source="user.phone" label="Phone" disableSort />,
  <DataTable.Col key="country" source="user.country" label="Country" disableSort />,
];

/** Who paid, as details of one payment. */
export const BUYER_FIELDS = [
  <PersonField key="user" source="user" label="User Name" />,
  <EmailField key="email" source="user.email" label="Email" />,
  <TextField key="phone" source="user.phone" label="Phone" />,
  <TextField key="country" source="user.country" label="Country" />,
];

type PaymentListProps = {
  title: string;
  searchPlaceholder: string;
  /** The statuses this kind of payment goes through, to narrow the list to one. */
  statuses: string[];
  /** What the PayPal order id is called for this kind of payment. */
  orderIdLabel: string;
  amountSource: string;
  /** Filters beside the search and the status. */
  filters?: ReactElement[];
  /** The columns between the amount and the status. */
  children: ReactNode;
};

const buyer = (record: RaRecord) => {
  const user = record.user as { firstname?: string; lastname?: string } | undefined;
  return [user?.firstname, user?.lastname].filter(Boolean).join(' ') || 'No member';
};

/** On a phone, each payment as a link: how much, who paid, when, and its status. */
const PaymentPhoneList = ({ amountSource }: { amountSource: string }) => (
  <SimpleList
    rowClick="show"
    primaryText={(record) => `${formatMoney(record[amountSource], typeof record.currency === 'string' ? record.currency : 'GBP')} · ${buyer(record)}`}
    secondaryText={(record) => formatWhen(record.createdAt)}
    tertiaryText={(record) => String(record.status ?? '')}
  />
);

/** A list of PayPal payments, newest first, searchable and narrowed by status; payments are never deleted. */
export const PaymentList = ({ title, searchPlaceholder, statuses, orderIdLabel, amountSource, filters = [], children }: PaymentListProps) => (
  <List
    exporter={spreadsheetExporter}
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />,
      <SelectInput key="status" source="status" label="Status" choices={statusChoices(statuses)} alwaysOn emptyText="Any status" />,
      ...filters,
    ]}
    sort={{ field: 'createdAt', order: 'DESC' }}
    title={title}
  >
    {usePhone() ? (
      <PaymentPhoneList amountSource={amountSource} />
    ) : (
      <DataTable rowClick="show" bulkActionButtons={<BulkExportActions />}>
        <DataTable.Col source="id" label="ID" field={IdField} />
        <DataTable.Col source="orderID" label={orderIdLabel} disableSort />
        <DataTable.Col source="createdAt" label="Order Date" field={WhenField} />
        <DataTable.Col source={amountSource} label="Amount">
          <MoneyField source={amountSource} />
        </DataTable.Col>
        {children}
        <DataTable.Col source="status" label="Status" field={StatusField} />
        {OPEN_COLUMN}
      </DataTable>
    )}
  </List>
);

/** Details of one payment: its ids and date, then what the caller shows. */
export const PaymentShow = ({ title, actions, orderIdLabel, children }: { title: string; actions: ReactElement; orderIdLabel: string; children: ReactNode }) => (
  <Show title={title} actions={actions}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="orderID" label={`${orderIdLabel} (PayPal)`} />
      <WhenField label="Order Date" />
      {children}
    </SimpleShowLayout>
  </Show>
);
