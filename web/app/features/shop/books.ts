import { data } from 'react-router';
import type { ImageFields } from '../../components/responsive-image';
import { loadPublic, type GraphqlCaller } from '../../lib/graphql';

export type Book = ImageFields & {
  id: string;
  title: string;
  price: number;
  currency: string;
  description: string | null;
};

const BOOK_FIELDS = 'id title price currency description image imageSrcSet imageWidth imageHeight';

const BOOKS = `query BookShop { books: allBooks(sortField: "title", sortOrder: "ASC", perPage: 100) { ${BOOK_FIELDS} } }`;
const BOOK = `query BookDetails($id: ID!) { book: Book(id: $id) { ${BOOK_FIELDS} } }`;

export async function loadBooks(graphql: GraphqlCaller): Promise<Book[]> {
  return (await loadPublic<{ books: Book[] }>(graphql, BOOKS)).books ?? [];
}

export async function loadBook(graphql: GraphqlCaller, id: string): Promise<Book> {
  if (!/^\d{1,12}$/.test(id)) throw data('Not found', { status: 404 });
  const { book } = await loadPublic<{ book: Book | null }>(graphql, BOOK, { id });
  if (!book) throw data('Not found', { status: 404 });
  return book;
}
