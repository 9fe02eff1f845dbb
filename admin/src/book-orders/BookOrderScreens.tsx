import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import UndoIcon from '@mui/icons-material/Undo';
import { ArrayField, DataTable, EmailField, List, NumberField, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { IdField, MoneyField, PersonField, StatusField, WhenField } from '../common/fields';
import { OrderActionButton } from '../common/OrderActionButton';
import { BulkExportActions } from '../common/screens';

export const BOOK_ORDER_STATUSES = ['Created', 'Paid', 'Shipped', 'Refunded', 'Failed'].map((id) => ({ id, name: id === 'Created' ? 'Started, not paid' : id }));

type OrderItem = { title?: string; quantity?: number };

const BookTitles = (_props: { label?: string }) => {
  const items = useRecordContext<{ items?: OrderItem[] }>()?.items ?? [];
  return <span>{items.map((item) => (item.quantity && item.quantity > 1 ? `${item.title} (x${item.quantity})` : item.title)).join(', ')}</span>;
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, e-mail, book or PayPal id" />,
  <SelectInput key="status" source="status" label="Status" choices={BOOK_ORDER_STATUSES} alwaysOn emptyText="Any status" />,
];

export const BookOrderList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Bookshop orders">
    <DataTable rowClick="show" bulkActionButtons={<BulkExportActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="orderID" label="Order ID" disableSort />
      <DataTable.Col source="createdAt" label="Order Date" field={WhenField} />
      <DataTable.Col source="total" label="Amount">
        <MoneyField source="total" />
      </DataTable.Col>
      <DataTable.Col label="Book Title" disableSort field={BookTitles} />
      <DataTable.Col label="User Name" disableSort>
        <PersonField source="user" />
      </DataTable.Col>
      <DataTable.Col source="user.email" label="Email" disableSort />
      <DataTable.Col source="user.phone" label="Phone" disableSort />
      <DataTable.Col source="user.country" label="Country" disableSort />
      <DataTable.Col source="user.state" label="State" disableSort />
      <DataTable.Col source="status" label="Status" field={StatusField} />
    </DataTable>
  </List>
);

const BookOrderActions = () => (
  <TopToolbar>
    <OrderActionButton
      action="markBookOrderShipped"
      label="Mark as shipped"
      icon={<LocalShippingIcon />}
      allowedWhen={['Paid']}
      confirmTitle="Mark this order as shipped?"
      confirmContent="Do this once the books have been posted to the buyer."
      done="The order is marked as shipped"
    />
    <OrderActionButton
      action="refundBookOrder"
      label="Refund"
      icon={<UndoIcon />}
      allowedWhen={['Paid', 'Shipped']}
      confirmTitle="Refund this order?"
      confirmContent="The whole amount goes back to the buyer through PayPal. This cannot be undone."
      done="The order has been refunded"
    />
  </TopToolbar>
);

export const BookOrderShow = () => (
  <Show title="Bookshop order" actions={<BookOrderActions />}>
    <SimpleShowLayout>
      <IdField label="ID" />
      <TextField source="orderID" label="Order ID (PayPal)" />
      <WhenField label="Order Date" />
      <StatusField label="Status" />
      <MoneyField source="total" label="Amount" />
      <ArrayField source="items" label="Books">
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="title" label="Book Title" />
          <DataTable.Col source="unitPrice" label="Price">
            <MoneyField source="unitPrice" currency="GBP" />
          </DataTable.Col>
          <DataTable.Col source="quantity" label="Quantity">
            <NumberField source="quantity" />
          </DataTable.Col>
          <DataTable.Col source="lineTotal" label="Total">
            <MoneyField source="lineTotal" currency="GBP" />
          </DataTable.Col>
        </DataTable>
      </ArrayField>
      <PersonField source="user" label="User Name" />
      <EmailField source="user.email" label="Email" />
      <TextField source="user.phone" label="Phone" />
      <TextField source="user.country" label="Country" />
      <TextField source="user.state" label="State" />
      <TextField source="deliveryAddress" label="Delivery address" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
    </SimpleShowLayout>
  </Show>
);
