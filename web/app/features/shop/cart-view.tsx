import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form';
import { LazyPayPalButtons } from '../../components/lazy-paypal-buttons';
import { formatMoney } from '../../lib/format';
import { emptyCart, removeFromCart, setQuantity, useCart } from './cart';
import { useBookCheckout, useCaptureBookOrder, useCreateCartOrder } from './checkout';
import { QuantityInput } from './quantity-input';
import './shop.css';
import './cart-view.css';

/**
 * The 'Pay with PayPal' button with the whole cart's total, which leaves for PayPal's approval page, and PayPal's
 * own buttons beside it when the site has a PayPal client id.
 */
export function PayWithPayPal() {
  const cart = useCart();
  const { start, loading } = useBookCheckout();
  const createOrder = useCreateCartOrder();
  const capture = useCaptureBookOrder();
  const [error, setError] = useState<string>();
  const createForButtons = async () => {
    setError(undefined);
    const created = await createOrder(cart.cartItems);
    if ('error' in created) setError(created.error);
    return 'orderID' in created ? created.orderID : undefined;
  };
  const pay = async () => {
    setError(undefined);
    const errors = await start(cart.cartItems);
    if (errors) setError(errors.message ?? Object.values(errors.fields)[0]);
  };
  return (
    <div className="checkout">
      <FormAlert message={error} id="checkout-error" />
      <button type="button" className="button paypal" onClick={() => void pay()} disabled={loading || !cart.cartItems.length}>
        {loading ? 'Taking you to PayPal…' : `Pay with PayPal ${formatMoney(cart.totalAmount)}`}
      </button>
      <LazyPayPalButtons
        currency="GBP"
        createOrder={createForButtons}
        capture={capture}
        successPath="/user/book-payment-success"
        onCompleted={emptyCart}
        disabled={loading || !cart.cartItems.length}
      />
    </div>
  );
}

/** Spec §2's cart: image, title, price (0,0.00), quantity and remove for each item; empty; pay. */
export function CartView() {
  const cart = useCart();
  if (!cart.cartItems.length) {
    return (
      <div className="empty-cart">
        <p className="lead">No items in the cart</p>
        <p>
          <Link className="button primary" to="/book-shop">
            Browse the book shop
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="cart-list" aria-label="Items in your cart">
        {cart.cartItems.map((item) => (
          <li key={item.id} className="cart-item">
            {item.image ? <img src={item.image} alt="" width="80" height="110" loading="lazy" /> : <span className="cart-thumb" aria-hidden="true" />}
            <div className="cart-item-text">
              <h2>{item.title}</h2>
              <p className="price">{formatMoney(item.price)}</p>
            </div>
            <div className="cart-item-controls">
              <QuantityInput id={`quantity-${item.id}`} label="Quantity" hiddenLabel={` of ${item.title}`} value={item.quantity} onChange={(quantity) => setQuantity(item.id, quantity)} />
              <button type="button" className="button ghost small" onClick={() => removeFromCart(item.id)} aria-label={`Remove ${item.title} from the cart`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="cart-summary">
        <p className="cart-total">
          Total: <strong>{formatMoney(cart.totalAmount)}</strong>
        </p>
        <div className="cart-buttons">
          <button type="button" className="button ghost" onClick={emptyCart}>
            Empty Cart
          </button>
          <PayWithPayPal />
        </div>
      </div>
    </>
  );
}
