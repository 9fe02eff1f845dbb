import { Args, Context, GraphQLISODateTime, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { ImageFieldsResolver } from '../image-fields.resolver.js';
import { AllPostsArgs, CreatePostArgs, UpdatePostArgs } from './post.args.js';
import { PostCategory } from './post-category.entity.js';
import { Post, PostAuthor } from './post.entity.js';
import { PostsService, type JoinedPost } from './posts.service.js';
import { shownAuthor } from './testimony-consent.js';
import { describeRecurrence, endOf, nextStart } from './program-schedule.js';

@Resolver(() => Post)
export class PostsResolver extends ImageFieldsResolver(Post) {
  constructor(private readonly posts: PostsService) {
    super();
  }

  @Public()
  @Query(() => Post)
  Post(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.posts.get(toId(id), caller);
  }

  @Public()
  @Query(() => Post, { description: 'The post behind a shareable URL; same visibility as allPosts' })
  postBySlug(@Args('slug') slug: string, @CurrentUser() caller?: AuthUser) {
    return this.posts.bySlug(slug, caller);
  }

  @Public()
  @Query(() => [Post], { description: 'Visitors and staff without content:write see Authorised posts only; a member also sees their own' })
  allPosts(@Args() args: AllPostsArgs, @CurrentUser() caller?: AuthUser) {
    return this.posts.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allPostsMeta(@Args() args: AllPostsArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.posts.count(args.filter, caller) };
  }

  @Mutation(() => Post, { description: 'Staff with content:write: any post. Members: a testimony (categoryId 2), saved UnAuthorised.' })
  createPost(@Args() input: CreatePostArgs, @CurrentUser() caller: AuthUser) {
    return this.posts.create({ ...input, categoryId: toId(input.categoryId, 'categoryId') }, caller);
  }

  @Mutation(() => Post, { description: 'Staff with content:write: any post (Authorise / De-list = status). Members: their own testimony, back to UnAuthorised.' })
  updatePost(@Args() { id, categoryId, ...changes }: UpdatePostArgs, @CurrentUser() caller: AuthUser) {
    return this.posts.update(toId(id), { ...changes, categoryId: categoryId ? toId(categoryId, 'categoryId') : undefined }, caller);
  }

  @Mutation(() => Post, { description: 'Staff with content:write: any post. Members: their own.' })
  deletePost(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.posts.remove(toId(id), caller);
  }

  @ResolveField(() => GraphQLISODateTime, { nullable: true, description: 'Programs: the start of the occurrence under way or the next one; null when undated or over' })
  nextStartsAt(@Parent() post: Post) {
    return nextStart(post, new Date());
  }

  @ResolveField(() => String, { nullable: true, description: 'Programs: the recurrence in English words, e.g. "every week on Wednesday"' })
  recurrenceText(@Parent() post: Post) {
    return describeRecurrence(post.recurrence);
  }

  @ResolveField(() => GraphQLISODateTime, { nullable: true, description: 'Programs: when the occurrence of nextStartsAt ends' })
  nextEndsAt(@Parent() post: Post) {
    return endOf(nextStart(post, new Date()), post);
  }

  @ResolveField(() => PostCategory, { nullable: true })
  category(@Parent() post: JoinedPost, @Context() { loaders }: GraphQLContext) {
    return post.category !== undefined ? post.category : loaders.postCategory.load(post.categoryId);
  }

  @ResolveField(() => PostAuthor, { nullable: true, description: 'Name only, never contact details; a testimony’s as its author consented' })
  async author(@Parent() post: JoinedPost, @Context() { loaders }: GraphQLContext, @CurrentUser() viewer?: AuthUser) {
    const author = post.author !== undefined ? post.author : post.authorId ? await loaders.user.load(post.authorId) : null;
    return author && shownAuthor(post, author, viewer);
  }
}
