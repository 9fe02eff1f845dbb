import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import type { AuthUser } from '../../access/auth-user.js';
import { ListOptions } from '../../common/list.js';
import { MediaService } from '../../media/index.js';
import { ImageContent } from '../image-content.service.js';
import type { BookFilter } from './book.args.js';
import { Book } from './book.entity.js';

const MAX_PENCE = 100_000_00;

/**
 * An amount in pounds (`12.5`, or the text `"12.50"` from a form) as whole pence, exactly: never through a
 * float multiplication, and refused when it has more than two decimals.
 */
export function toPence(value: number | string, field = 'price'): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  const pence = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!Number.isSafeInteger(pence) || pence > MAX_PENCE) {
    throw AppError.badInput(field, `${field} must be an amount in pounds from 0 to 100000 with at most two decimals, e.g. 12.50`);
  }
  return pence;
}

export interface BookInput {
  title?: string | null;
  price?: number | string | null;
  image?: string | null;
  description?: string | null;
}

/** The book shop's books: public to read, admins manage them. Prices are kept in pence. */
@Injectable()
export class BooksService extends ImageContent<Book, BookFilter> {
  protected readonly list: ListOptions = {
    sortable: { id: 'book.id', title: 'book.title', price: 'book.pricePence', createdAt: 'book.createdAt', updatedAt: 'book.updatedAt' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    searchable: ['book.title', 'book.description'],
  };
  protected readonly what = 'The book';

  constructor(@InjectRepository(Book) books: Repository<Book>, media: MediaService) {
    super(books, 'book', media);
  }

  createBook(input: BookInput): Promise<Book> {
    if (input.price == null || input.price === '') throw AppError.badInput('price', 'price is required');
    return this.create(this.values(input));
  }

  updateBook(id: number, input: BookInput, caller: AuthUser): Promise<Book> {
    return this.update(id, this.values(input), caller);
  }

  private values({ price, ...rest }: BookInput): Partial<Book> {
    return { ...(rest as Partial<Book>), pricePence: price == null || price === '' ? undefined : toPence(price), currency: 'GBP' };
  }
}
