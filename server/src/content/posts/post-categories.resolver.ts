import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { AllPostCategoriesArgs, CreatePostCategoryArgs, UpdatePostCategoryArgs } from './post-category.args.js';
import { PostCategoriesService } from './post-categories.service.js';
import { PostCategory } from './post-category.entity.js';

@Resolver(() => PostCategory)
export class PostCategoriesResolver {
  constructor(private readonly categories: PostCategoriesService) {}

  @Public()
  @Query(() => PostCategory)
  PostCategory(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.categories.get(toId(id), caller);
  }

  @Public()
  @Query(() => [PostCategory])
  allPostCategories(@Args() args: AllPostCategoriesArgs, @CurrentUser() caller?: AuthUser) {
    return this.categories.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allPostCategoriesMeta(@Args() args: AllPostCategoriesArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.categories.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => PostCategory)
  createPostCategory(@Args() { name }: CreatePostCategoryArgs) {
    return this.categories.create(name);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => PostCategory)
  updatePostCategory(@Args() { id, name }: UpdatePostCategoryArgs, @CurrentUser() caller: AuthUser) {
    return this.categories.update(toId(id), name, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => PostCategory, { description: 'Categories 1, 2, 3 and categories with posts cannot be deleted' })
  deletePostCategory(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.categories.remove(toId(id), caller);
  }
}
