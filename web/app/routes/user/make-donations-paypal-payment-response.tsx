import { PaymentReturn } from '../../components/payment-return';
import { useCaptureDonation } from '../../features/donations/donations';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/make-donations-paypal-payment-response';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirming your donation', 'Please wait while we confirm your donation.');

export default function DonationPaymentResponse() {
  const capture = useCaptureDonation();
  return <PaymentReturn capture={capture} successPath="/user/donation-payment-success" back={{ to: '/user/make-donations', label: 'Back to donations' }} />;
}
