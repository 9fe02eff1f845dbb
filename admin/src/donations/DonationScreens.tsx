import UndoIcon from '@mui/icons-material/Undo';
import { DataTable, TextField, TopToolbar } from 'react-admin';
import { MoneyField, StatusField } from '../common/fields';
import { OrderActionButton } from '../common/OrderActionButton';
import { BUYER_COLUMNS, BUYER_FIELDS, PaymentList, PaymentShow } from '../common/payments';

export const DonationList = () => (
  <PaymentList
    title="Donations"
    searchPlaceholder="Search name, e-mail or PayPal id"
    statuses={['Created', 'Paid', 'Refunded', 'Failed']}
    orderIdLabel="Donation ID"
    amountSource="amount"
  >
    <DataTable.Col source="description" label="Description" disableSort />
    {BUYER_COLUMNS}
  </PaymentList>
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
  <PaymentShow title="Donation" actions={<DonationActions />} orderIdLabel="Donation ID">
    <MoneyField source="amount" label="Amount" />
    <TextField source="description" label="Description" emptyText="—" />
    <StatusField label="Status" />
    {BUYER_FIELDS}
  </PaymentShow>
);
