import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerGraphql, signIn } from '../../../test/doubles';
import { addToCart } from './cart';
import { CartView } from './cart-view';

const PSALMS = { id: '1', title: 'Songs in the Night', price: 9.5, image: null };
const GRACE = { id: '2', title: 'Grace for Today', price: 12, image: null };

function renderCart() {
  const Stub = createRoutesStub([
    { path: '/user/cart-page', Component: CartView },
    { path: '/userlogin', Component: () => <h1>Member login</h1> },
  ]);
  render(<Stub initialEntries={['/user/cart-page']} />);
  return userEvent.setup();
}

const items = () => screen.queryAllByRole('listitem');
const item = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
// The buttons name the book as the quantity's label reads it aloud, in lower case.
const stepper = (step: 'Increase' | 'Decrease', title: string) => screen.getByRole<HTMLButtonElement>('button', { name: `${step} quantity of ${title.toLowerCase()}` });
const quantityOf = (title: string) => screen.getByRole<HTMLInputElement>('spinbutton', { name: `Quantity of ${title}` }).value;

describe('the cart', () => {
  it('says when there is nothing in it and leads back to the book shop', () => {
    renderCart();
    expect(screen.getByText('No items in the cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the book shop' }).getAttribute('href')).toBe('/book-shop');
    expect(screen.queryByRole('button', { name: /Pay with PayPal/ })).toBeNull();
  });

  it('lists each book with its price and quantity, and totals the whole cart', () => {
    addToCart(PSALMS, 2);
    addToCart(GRACE, 1);
    renderCart();
    expect(items()).toHaveLength(2);
    expect(within(item(PSALMS.title)).getByText('£9.50')).toBeTruthy();
    expect(quantityOf(PSALMS.title)).toBe('2');
    expect(quantityOf(GRACE.title)).toBe('1');
    expect(screen.getByText('Total:').textContent).toBe('Total: £31.00');
    expect(screen.getByRole('button', { name: 'Pay with PayPal £31.00' })).toBeTruthy();
  });

  it('adds to the quantity of a book that is already in it', () => {
    addToCart(PSALMS, 1);
    addToCart(PSALMS, 2);
    renderCart();
    expect(items()).toHaveLength(1);
    expect(quantityOf(PSALMS.title)).toBe('3');
  });

  it('follows the plus and minus buttons in the quantity and the total', async () => {
    addToCart(PSALMS, 1);
    addToCart(GRACE, 1);
    const user = renderCart();
    await user.click(stepper('Increase', PSALMS.title));
    await user.click(stepper('Increase', PSALMS.title));
    expect(quantityOf(PSALMS.title)).toBe('3');
    expect(screen.getByRole('button', { name: 'Pay with PayPal £40.50' })).toBeTruthy();
    await user.click(stepper('Decrease', PSALMS.title));
    expect(screen.getByRole('button', { name: 'Pay with PayPal £31.00' })).toBeTruthy();
  });

  it('keeps a typed quantity between 1 and 99', async () => {
    addToCart(PSALMS, 2);
    const user = renderCart();
    const field = screen.getByRole('spinbutton', { name: `Quantity of ${PSALMS.title}` });
    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(quantityOf(PSALMS.title)).toBe('1');
    expect(stepper('Decrease', PSALMS.title).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '250');
    await user.tab();
    expect(quantityOf(PSALMS.title)).toBe('99');
    expect(stepper('Increase', PSALMS.title).disabled).toBe(true);
    expect(screen.getByText('Total:').textContent).toBe('Total: £940.50');
  });

  it('removes one book and keeps the others', async () => {
    addToCart(PSALMS, 2);
    addToCart(GRACE, 1);
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: `Remove ${PSALMS.title} from the cart` }));
    expect(items()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: PSALMS.title })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay with PayPal £12.00' })).toBeTruthy();
  });

  it('empties at once with Empty Cart', async () => {
    addToCart(PSALMS, 2);
    addToCart(GRACE, 1);
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: 'Empty Cart' }));
    expect(screen.getByText('No items in the cart')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual({ cartItems: [], totalAmount: 0 });
  });

  it('is kept in the browser, so another tab sees the same cart', () => {
    renderCart();
    expect(screen.getByText('No items in the cart')).toBeTruthy();
    window.localStorage.setItem('cart', JSON.stringify({ cartItems: [{ ...GRACE, quantity: 4 }], totalAmount: 48 }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    return screen.findByRole('button', { name: 'Pay with PayPal £48.00' });
  });

  it('sends only book ids and quantities, and shows why the server refused the order', async () => {
    signIn();
    addToCart(PSALMS, 2);
    const sent = answerGraphql(() => ({ errors: [{ message: 'Songs in the Night is out of stock', extensions: { code: 'BAD_USER_INPUT', field: 'items' } }] }));
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal £19.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Songs in the Night is out of stock');
    expect(sent).toHaveLength(1);
    expect(sent[0].variables).toEqual({ items: [{ bookId: '1', quantity: 2 }] });
    expect(sent[0].token).toBe('member-token');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay with PayPal £19.00' }).disabled).toBe(false);
  });

  it('signs the member out when the server no longer accepts their session', async () => {
    signIn();
    addToCart(PSALMS, 1);
    answerGraphql(() => ({ errors: [{ message: 'Please log in again', extensions: { code: 'UNAUTHENTICATED' } }] }));
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal £9.50' }));
    expect(await screen.findByRole('heading', { name: 'Member login' })).toBeTruthy();
    expect(window.localStorage.getItem('session')).toBeNull();
    expect(window.localStorage.getItem('cart')).toBeNull();
  });
});
