import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image';
import { formatMoney } from '../../lib/format';
import { rememberSelection } from '../../lib/selection';
import type { Book } from './books';
import '../../styles/cards.css';
import './shop.css';

export function BookCard({ book }: { book: Book }) {
  return (
    <article className="card book-card">
      <div className="card-media book-cover">
        <ResponsiveImage data={book} alt="" sizes="(min-width: 1100px) 260px, (min-width: 700px) 30vw, 50vw" />
      </div>
      <div className="card-body">
        <h2 className="card-title">
          <Link to={`/book-details-page/${book.id}`} className="card-link" onClick={() => rememberSelection('book', book.id)}>
            {book.title}
          </Link>
        </h2>
        <p className="price">{formatMoney(book.price, book.currency)}</p>
      </div>
    </article>
  );
}
