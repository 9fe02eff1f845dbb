import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { requireOwner } from '../../access/ownership.js';
import type { AuthUser } from '../../access/auth-user.js';
import { applyListPage, ListArgs, ListOptions, toId } from '../../common/list.js';
import { Book } from '../../content/index.js';
import { decimalToMinor, formatMoney, toPayPalValue } from '../money.js';
import { recordListQuery, requireReadable } from '../payments/record-list.js';
import type { PaymentKind, Settlement } from '../payments/payment-kind.js';
import { PaymentRefundsService } from '../payments/payment-refunds.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { bookOrderReceipt } from '../receipt-mails.js';
import { BookOrder, BookOrderLine, BookOrderStatus } from './book-order.entity.js';
import { BookOrderFilter, MAX_QUANTITY } from './dto/book-order.args.js';

export const BOOK_ORDERS: PaymentKind<BookOrder> = {
  name: 'book-order',
  entity: BookOrder,
  label: 'order',
  returnPath: '/user/book-shop-paypal-payment-response',
  cancelPath: '/user/cart-page',
  successMessage: 'Payment was successful. Copies will be sent to you shortly.',
  receipt: bookOrderReceipt,
};

const LIST: ListOptions = {
  sortable: { id: 'book_order.id', createdAt: 'book_order.createdAt', total: 'book_order.amountMinor', status: 'book_order.status' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // Column names: `q` casts each to text, which TypeORM's property-name rewriting does not see through.
  searchable: ['book_order.paypal_order_id', 'book_order.items', 'book_order.delivery_address', 'buyer.firstname', 'buyer.lastname', 'buyer.email'],
};

export interface CartLine {
  bookId: string | number;
  quantity: number;
}

/** The member's own address as one line, the default delivery address. */
const addressOf = (user: User) => [user.address, user.city, user.state, user.country].map((part) => part.trim()).filter(Boolean).join(', ');

/** Book orders: priced from the database, paid through PayPal, shipped and refunded by finance staff. */
@Injectable()
export class BookOrderService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(BookOrder) private readonly orders: Repository<BookOrder>,
    @InjectRepository(Book) private readonly books: Repository<Book>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly payments: PaymentsService,
    private readonly refunds: PaymentRefundsService,
  ) {}

  /** Prices every line from the database, stores the order as Created and starts the PayPal checkout. */
  async create(caller: AuthUser, cart: CartLine[], deliveryAddress?: string): Promise<BookOrder> {
    if (!cart.length) throw AppError.badInput('items', 'The cart is empty');
    const quantities = new Map<number, number>();
    cart.forEach((line, index) => {
      const bookId = toId(line.bookId, `items.${index}.bookId`);
      if (!Number.isInteger(line.quantity) || line.quantity < 1) {
        throw AppError.badInput(`items.${index}.quantity`, 'quantity must be a whole number of at least 1');
      }
      quantities.set(bookId, (quantities.get(bookId) ?? 0) + line.quantity);
    });
    for (const [bookId, quantity] of quantities) {
      if (quantity > MAX_QUANTITY) throw AppError.badInput('items', `At most ${MAX_QUANTITY} copies of one book per order (book ${bookId})`);
    }

    const books = await this.books.findBy({ id: In([...quantities.keys()]) });
    const lines: BookOrderLine[] = [...quantities].map(([bookId, quantity]) => {
      const book = books.find((candidate) => candidate.id === bookId);
      if (!book) throw AppError.badInput('items', `Book ${bookId} is not in the shop`);
      if (book.currency !== 'GBP') throw AppError.badInput('items', `"${book.title}" is not priced in GBP`);
      return { bookId, title: book.title, unitPricePence: book.pricePence, quantity };
    });
    const totalPence = lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
    if (totalPence <= 0) throw AppError.badInput('items', 'There is nothing to pay for in this cart');

    const buyer = await this.users.findOneByOrFail({ id: caller.id });
    const record = await this.orders.save(
      this.orders.create({
        userId: caller.id,
        status: BookOrderStatus.Created,
        currency: 'GBP',
        lines,
        amountMinor: totalPence,
        deliveryAddress: (deliveryAddress?.trim() || addressOf(buyer)).slice(0, 500),
      }),
    );
    return this.payments.startCheckout(BOOK_ORDERS, record, {
      description: 'Books from the ministry bookshop',
      amount: {
        currency_code: 'GBP',
        value: toPayPalValue(totalPence),
        breakdown: { item_total: { currency_code: 'GBP', value: toPayPalValue(totalPence) } },
      },
      items: lines.map((line) => ({
        name: line.title.slice(0, 127),
        sku: `book-${line.bookId}`,
        unit_amount: { currency_code: 'GBP', value: toPayPalValue(line.unitPricePence) },
        quantity: String(line.quantity),
        category: 'PHYSICAL_GOODS' as const,
      })),
    });
  }

  capture(caller: AuthUser, paypalOrderId: string): Promise<Settlement<BookOrder>> {
    return this.payments.capture(BOOK_ORDERS, paypalOrderId, caller);
  }

  async get(caller: AuthUser, id: number): Promise<BookOrder> {
    return requireReadable(await this.orders.findOneBy({ id }), caller, 'The order');
  }

  list(caller: AuthUser, args: ListArgs, filter?: BookOrderFilter | null): Promise<BookOrder[]> {
    return applyListPage(recordListQuery(this.orders, 'book_order', caller, filter, LIST), args, LIST).getMany();
  }

  count(caller: AuthUser, filter?: BookOrderFilter | null): Promise<number> {
    return recordListQuery(this.orders, 'book_order', caller, filter, LIST).getCount();
  }

  /** Finance: the books are on their way. Only a paid order can be shipped; shipping twice changes nothing. */
  markShipped(id: number): Promise<BookOrder> {
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.getRepository(BookOrder).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id }).getOne();
      if (!order) throw AppError.notFound('The order');
      if (order.status === BookOrderStatus.Shipped) return order;
      if (order.status !== BookOrderStatus.Paid) throw new AppError('CONFLICT', `Only a paid order can be shipped; this order is ${order.status}`);
      order.status = BookOrderStatus.Shipped;
      order.shippedAt = new Date();
      return manager.save(order);
    });
  }

  async refund(id: number): Promise<BookOrder> {
    if (!(await this.orders.existsBy({ id }))) throw AppError.notFound('The order');
    return (await this.refunds.refund(BOOK_ORDERS, id)).record;
  }

  /**
   * Legacy `createOrder {amount, title, currency}`: the book is found by its title and the amount must be a
   * whole number of copies at the database price; anything else is refused before PayPal hears of it.
   */
  async createFromLegacy(caller: AuthUser, input: { amount: number; title: string; currency: string }): Promise<BookOrder> {
    if (input.currency.toUpperCase() !== 'GBP') throw AppError.badInput('currency', 'Books are sold in GBP');
    const amount = decimalToMinor(input.amount);
    if (amount === undefined || amount <= 0) throw AppError.badInput('amount', 'amount must be a positive sum with at most two decimals');
    const title = input.title.trim();
    const books = await this.books.createQueryBuilder('book').where('lower(book.title) = lower(:title)', { title }).orderBy('book.id').getMany();
    if (!books.length) throw AppError.badInput('title', `There is no book called "${title}" in the shop`);
    const book = books.find((candidate) => candidate.pricePence > 0 && amount % candidate.pricePence === 0 && amount / candidate.pricePence <= MAX_QUANTITY);
    if (!book) {
      const price = formatMoney(books[0].pricePence, 'GBP');
      throw AppError.badInput('amount', `${formatMoney(amount, 'GBP')} does not match the price of "${books[0].title}" (${price} a copy, up to ${MAX_QUANTITY} copies). Nothing was charged.`);
    }
    return this.create(caller, [{ bookId: book.id, quantity: amount / book.pricePence }]);
  }

  /**
   * Legacy `captureOrder {price, title, orderID, usersId}`: a price or title that differs from the order is refused.
   * Only the buyer may capture; checked here, before the price, so the capture below need not ask again.
   */
  async captureFromLegacy(caller: AuthUser, input: { orderID: string; price?: number; title?: string }): Promise<Settlement<BookOrder>> {
    const order = requireOwner(caller, await this.orders.findOneBy({ paypalOrderId: input.orderID }), (found) => found.userId, 'The order');
    if (input.price !== undefined && decimalToMinor(input.price) !== order.amountMinor) {
      throw AppError.badInput('price', `The price does not match this order's total of ${formatMoney(order.amountMinor, order.currency)}. Nothing was charged.`);
    }
    const title = input.title?.trim().toLowerCase();
    if (title && !order.lines.some((line) => line.title.toLowerCase() === title)) {
      throw AppError.badInput('title', 'The title does not match the books of this order. Nothing was charged.');
    }
    return this.payments.capture(BOOK_ORDERS, input.orderID);
  }
}
