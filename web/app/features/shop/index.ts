import './shop.css';

export { BookCard } from './book-card';
export { loadBook, loadBooks, type Book } from './books';
export { addToCart, emptyCart, useCart } from './cart';
export { QuantityInput } from './quantity-input';
