import { SelectInput, TextField, TopToolbar } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { MoneyField, StatusField } from '../common/fields';
import { BUYER_COLUMNS, BUYER_FIELDS, PaymentList, PaymentShow } from '../common/payments';
import { RefundDonation } from './RefundDonation';
import { SterlingAmount } from './SterlingAmount';

/** Gift Aid as the server decides it for each donation. */
const GIFT_AID_CHOICES = [
  { id: 'Eligible', name: 'Eligible' },
  { id: 'Claimed', name: 'Claimed' },
  { id: 'NeedsAdjustment', name: 'Needs adjustment' },
  { id: 'Ineligible', name: 'Ineligible' },
  { id: 'NotDeclared', name: 'Not declared' },
];

export const DonationList = () => (
  <PaymentList
    title="Donations"
    searchPlaceholder="Search name, e-mail or PayPal id"
    statuses={['Created', 'Paid', 'Refunded', 'Failed']}
    orderIdLabel="Donation ID"
    amountSource="amount"
    filters={[<SelectInput key="giftAidStatus" source="giftAidStatus" label="Gift Aid" choices={GIFT_AID_CHOICES} alwaysOn emptyText="Any" />]}
  >
    <DataTable.Col source="refundedAmount" label="Refunded" disableSort>
      <MoneyField source="refundedAmount" />
    </DataTable.Col>
    <DataTable.Col source="description" label="Description" disableSort />
    <DataTable.Col source="giftAidStatus" label="Gift Aid" disableSort />
    {BUYER_COLUMNS}
  </PaymentList>
);

const DonationActions = () => (
  <TopToolbar>
    <SterlingAmount />
    <RefundDonation />
  </TopToolbar>
);

export const DonationShow = () => (
  <PaymentShow title="Donation" actions={<DonationActions />} orderIdLabel="Donation ID">
    <MoneyField source="amount" label="Amount" />
    <MoneyField source="refundedAmount" label="Refunded" />
    <TextField source="description" label="Description" emptyText="—" />
    <StatusField label="Status" />
    <TextField source="giftAidStatus" label="Gift Aid" />
    <TextField source="giftAidReason" label="Gift Aid: why" emptyText="—" />
    <MoneyField source="sterlingAmount" currency="GBP" label="In pounds" />
    <TextField source="exchangeRate" label="Rate (pounds to the dollar)" emptyText="—" />
    <TextField source="exchangeRateSource" label="Rate from" emptyText="—" />
    <TextField source="exchangeRateDate" label="Rate of" emptyText="—" />
    {BUYER_FIELDS}
  </PaymentShow>
);
