import { Link } from 'react-router';
import { PayWithPayPal } from '../../features/shop/cart-view';
import { useCart } from '../../features/shop';
import { formatMoney } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/paypal-payment';
import './paypal-payment.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Pay with PayPal', 'Review your order and pay securely with PayPal.');

/** A review of the order before leaving for PayPal. */
export default function PayPalPayment() {
  const cart = useCart();
  return (
    <>
      <h1>Review and pay</h1>
      {cart.cartItems.length ? (
        <>
          <table className="order-table">
            <caption className="visually-hidden">Your order</caption>
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {cart.cartItems.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.title}</th>
                  <td>{item.quantity}</td>
                  <td>{formatMoney(item.price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td>{formatMoney(cart.totalAmount)}</td>
              </tr>
            </tfoot>
          </table>
          <PayWithPayPal />
          <p className="note">You will approve the payment on PayPal and come straight back here.</p>
        </>
      ) : (
        <p>
          No items in the cart. <Link to="/book-shop">Browse the book shop</Link>
        </p>
      )}
    </>
  );
}
