import { PaymentReturn } from '../../components/payment-return';
import { emptyCart } from '../../features/shop';
import { useCaptureBookOrder } from '../../features/shop/checkout';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/book-shop-paypal-payment-response';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirming your payment', 'Please wait while we confirm your payment.');

export default function BookShopPaymentResponse() {
  const capture = useCaptureBookOrder();
  return <PaymentReturn capture={capture} successPath="/user/book-payment-success" onCompleted={emptyCart} back={{ to: '/user/cart-page', label: 'Back to my cart' }} />;
}
