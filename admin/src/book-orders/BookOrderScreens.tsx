import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import UndoIcon from '@mui/icons-material/Undo';
import { ArrayField, NumberField, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { MoneyField, StatusField } from '../common/fields';
import { OrderActionButton } from '../common/OrderActionButton';
import { BUYER_COLUMNS, BUYER_FIELDS, PaymentList, PaymentShow } from '../common/payments';

type OrderItem = { title?: string; quantity?: number };

const BookTitles = (_props: { label?: string }) => {
  const items = useRecordContext<{ items?: OrderItem[] }>()?.items ?? [];
  return <span>{items.map((item) => (item.quantity && item.quantity > 1 ? `${item.title} (x${item.quantity})` : item.title)).join(', ')}</span>;
};

export const BookOrderList = () => (
  <PaymentList
    title="Bookshop orders"
    searchPlaceholder="Search name, e-mail, book or PayPal id"
    statuses={['Created', 'Paid', 'Shipped', 'Refunded', 'Failed']}
    orderIdLabel="Order ID"
    amountSource="total"
  >
    <DataTable.Col label="Book Title" disableSort field={BookTitles} />
    {BUYER_COLUMNS}
    <DataTable.Col source="user.state" label="State" disableSort />
  </PaymentList>
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
  <PaymentShow title="Bookshop order" actions={<BookOrderActions />} orderIdLabel="Order ID">
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
    {BUYER_FIELDS}
    <TextField source="user.state" label="State" />
    <TextField source="deliveryAddress" label="Delivery address" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
  </PaymentShow>
);
