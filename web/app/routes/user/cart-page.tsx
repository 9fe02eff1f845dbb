import { Link } from 'react-router';
import { CartView } from '../../features/shop/cart-view';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/cart-page';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My cart', 'The books in your cart.');

export default function CartPage() {
  return (
    <>
      <h1>My cart</h1>
      <CartView />
      <p className="form-footer">
        <Link to="/book-shop">← Continue shopping</Link>
      </p>
    </>
  );
}
