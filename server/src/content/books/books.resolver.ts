import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { ImageFieldsResolver } from '../image-fields.resolver.js';
import { AllBooksArgs, CreateBookArgs, UpdateBookArgs } from './book.args.js';
import { Book } from './book.entity.js';
import { BooksService } from './books.service.js';

@Resolver(() => Book)
export class BooksResolver extends ImageFieldsResolver(Book) {
  constructor(private readonly books: BooksService) {
    super();
  }

  @Public()
  @Query(() => Book)
  Book(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.books.get(toId(id), caller);
  }

  @Public()
  @Query(() => [Book])
  allBooks(@Args() args: AllBooksArgs, @CurrentUser() caller?: AuthUser) {
    return this.books.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allBooksMeta(@Args() args: AllBooksArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.books.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Book, { description: 'price in pounds (GBP)' })
  createBook(@Args() input: CreateBookArgs) {
    return this.books.createBook(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Book)
  updateBook(@Args() { id, ...changes }: UpdateBookArgs, @CurrentUser() caller: AuthUser) {
    return this.books.updateBook(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Book)
  deleteBook(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.books.remove(toId(id), caller);
  }
}
