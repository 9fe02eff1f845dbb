import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, Entity, Index } from 'typeorm';
import { minorToDecimal } from '../money.js';
import { RefundablePaymentRecord } from '../payments/payment-record.js';

export enum BookOrderStatus {
  Created = 'Created',
  Paid = 'Paid',
  Shipped = 'Shipped',
  Refunded = 'Refunded',
  Failed = 'Failed',
}
registerEnumType(BookOrderStatus, { name: 'BookOrderStatus' });

/** A line as stored: the title and price at the time of the order, whatever the book costs later. */
export interface BookOrderLine {
  bookId: number;
  title: string;
  unitPricePence: number;
  quantity: number;
}

@ObjectType()
export class BookOrderItem {
  @Field(() => ID)
  bookId: number;

  @Field()
  title: string;

  @Field(() => Float, { description: 'Price of one copy, in pounds' })
  unitPrice: number;

  @Field(() => Int)
  quantity: number;

  @Field(() => Float, { description: 'unitPrice × quantity, in pounds' })
  lineTotal: number;
}

/** An order for books, priced from the database when it was created, paid through PayPal. */
@ObjectType()
@Entity('book_orders')
@Index('IDX_book_orders_paypal_order_id', ['paypalOrderId'], { unique: true })
@Index('IDX_book_orders_capture_id', ['captureId'])
@Index('IDX_book_orders_user_id', ['userId'])
@Index('IDX_book_orders_status', ['status'])
@Index('IDX_book_orders_created_at', ['createdAt'])
export class BookOrder extends RefundablePaymentRecord {
  @Field(() => BookOrderStatus)
  @Column({ type: 'varchar', length: 10, default: BookOrderStatus.Created })
  status: BookOrderStatus;

  @Field()
  @Column({ type: 'varchar', length: 3, default: 'GBP' })
  currency: string;

  @Column({ name: 'items', type: 'jsonb' })
  lines: BookOrderLine[];

  @Field()
  @Column({ name: 'delivery_address', type: 'varchar', length: 500, default: '' })
  deliveryAddress: string;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'shipped_at', type: 'timestamptz', nullable: true })
  shippedAt: Date | null;

  @Field(() => [BookOrderItem])
  get items(): BookOrderItem[] {
    return this.lines.map((line) => ({
      bookId: line.bookId,
      title: line.title,
      unitPrice: minorToDecimal(line.unitPricePence),
      quantity: line.quantity,
      lineTotal: minorToDecimal(line.unitPricePence * line.quantity),
    }));
  }

  @Field(() => Float, { description: 'The whole order, in pounds' })
  get total(): number {
    return minorToDecimal(this.amountMinor);
  }
}
