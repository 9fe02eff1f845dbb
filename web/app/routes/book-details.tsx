import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { addToCart, loadBook, QuantityInput } from '../features/shop';
import { ResponsiveImage } from '../components/responsive-image';
import { formatMoney } from '../lib/format';
import { openGraph, pageMeta } from '../lib/meta';
import type { Route } from './+types/book-details';
import { serverGraphql } from '../lib/graphql';
import './book-details.css';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadBook(serverGraphql(context), params.id);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, 'Book not found');
  const description = loaderData.description?.slice(0, 200) || `${loaderData.title}, from our book shop.`;
  return [
    ...pageMeta(matches, loaderData.title, description),
    ...openGraph({ title: loaderData.title, description, matches, path: `/book-details-page/${loaderData.id}`, image: loaderData.image, type: 'product' }),
  ];
}

export default function BookDetails({ loaderData: book }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);

  const add = () => {
    addToCart({ id: book.id, title: book.title, price: book.price, image: book.image ?? null }, quantity);
    void navigate('/user/cart-page');
  };

  return (
    <article className="book-details section">
      <p className="breadcrumb">
        <Link to="/book-shop">← Book shop</Link>
      </p>
      <div className="split">
        <div className="split-media book-cover">
          <ResponsiveImage data={book} alt={`Cover of ${book.title}`} sizes="(min-width: 900px) 40vw, 100vw" priority />
        </div>
        <div className="split-text">
          <h1>{book.title}</h1>
          <p className="price large">{formatMoney(book.price, book.currency)}</p>
          {book.description && <p>{book.description}</p>}
          <QuantityInput id="quantity" label="Quantity" value={quantity} onChange={setQuantity} />
          <p className="actions">
            <button type="button" className="button primary" onClick={add}>
              ADD TO CART
            </button>
          </p>
          <p className="note">Paid securely with PayPal. Copies are posted to the address on your account.</p>
        </div>
      </div>
    </article>
  );
}
