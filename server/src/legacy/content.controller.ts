import { Body, Controller, Delete, Get, Param, Post, Put, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PERMISSION } from '@ministry/shared';
import { UsersService } from '../auth/index.js';
import { requireSelf } from '../access/ownership.js';
import { can } from '../access/permissions.js';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Public, Can } from '../access/decorators.js';
import { cacheRead } from '../http-cache/cache-headers.js';
import { toId } from '../common/list.js';
import { AddPostBody, CreateBlogPostBody, CreateProgramPostBody, UpdatePostBody } from './bodies/content.js';
import { toLegacyCategory, toLegacyPost } from './shapes.js';
import {
  CATEGORY,
  CreatePostCategoryArgs,
  type JoinedPost,
  type Post as PostEntity,
  PostCategoriesService,
  type PostFilter,
  PostsService,
  TestimonyDisplayName,
} from '../content/index.js';
import { ImageFileInterceptor, MediaService, type UploadedImage } from '../media/index.js';

/** Legacy lists answer everything a caller may see, newest first, up to this many. */
export const LEGACY_LIST = { perPage: 1000 };

/**
 * The legacy testimony form has no consent box: sharing through it stands for consent to publish under the first
 * name only, the narrowest choice that still names the author.
 */
const LEGACY_TESTIMONY_CONSENT = { consentToPublish: true, displayName: TestimonyDisplayName.FirstName };

/** Spec section 7: posts, programs, testimonies and post categories. */
@Controller('api')
export class LegacyContentController {
  constructor(
    private readonly posts: PostsService,
    private readonly categories: PostCategoriesService,
    private readonly users: UsersService,
    private readonly media: MediaService,
  ) {}

  /** A list's posts come with their categories and authors joined in the list's own query. */
  private async list(filter: PostFilter, caller: AuthUser | undefined) {
    const posts: JoinedPost[] = await this.posts.findAll(LEGACY_LIST, filter, caller);
    return posts.map((p) => toLegacyPost(p, p.category ?? undefined, p.author ?? undefined, caller));
  }

  /** A post just written, with its category and author read beside it. */
  private async one(post: PostEntity, caller: AuthUser) {
    const [[category], [author]] = await Promise.all([
      this.categories.byIds([post.categoryId]),
      post.authorId ? this.users.byIds([post.authorId]) : [],
    ]);
    return toLegacyPost(post, category, author, caller);
  }

  @Public()
  @Get('all-posts')
  allPosts(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return this.list({}, caller);
  }

  @Public()
  @Get('all-posts-by-category/:id')
  postsByCategory(@Param('id') categoryId: string, @CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return this.list({ categoryId: String(toId(categoryId, 'categoryId')) }, caller);
  }

  @Public()
  @Get('all-program-posts')
  programPosts(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return this.list({ categoryId: String(CATEGORY.programs) }, caller);
  }

  @Public()
  @Get('all-post-categories')
  async allCategories(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.categories.findAll({ ...LEGACY_LIST, sortField: 'id', sortOrder: 'ASC' }, {}, caller)).map(toLegacyCategory);
  }

  /** Every testimony, authorised or not, for the admins' review list. */
  @Can(PERMISSION.contentWrite)
  @Get('testimonies/2/all-testimonies')
  allTestimonies(@CurrentUser() caller: AuthUser) {
    return this.list({ categoryId: String(CATEGORY.testimonies) }, caller);
  }

  /** A member's own testimonies, whatever their status; a content editor may read anyone's. */
  @Get('testimonies/:userId/2/my-testimonies')
  myTestimonies(@Param('userId') userId: string, @CurrentUser() caller: AuthUser) {
    const id = toId(userId, 'userId');
    requireSelf(caller, id, 'userId', PERMISSION.contentWrite);
    return this.list({ categoryId: String(CATEGORY.testimonies), authorId: String(id) }, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Post('create-blog-post')
  @UseInterceptors(ImageFileInterceptor())
  createBlogPost(@Body() body: CreateBlogPostBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    return this.media.withImage(file, body.image, 'post', caller, async (image) =>
      this.one(await this.posts.create({ name: body.title, body: body.content, image, categoryId: CATEGORY.blog }, caller), caller),
    );
  }

  @Can(PERMISSION.contentWrite)
  @Post('create-program-post')
  @UseInterceptors(ImageFileInterceptor())
  createProgramPost(@Body() body: CreateProgramPostBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    return this.media.withImage(file, body.image, 'post', caller, async (image) =>
      this.one(await this.posts.create({ name: body.name, body: body.body, image, categoryId: CATEGORY.programs }, caller), caller),
    );
  }

  @Can(PERMISSION.contentWrite)
  @Post('add-post-category')
  @UseInterceptors(NoFilesInterceptor())
  async addCategory(@Body() { name }: CreatePostCategoryArgs) {
    return toLegacyCategory(await this.categories.create(name));
  }

  /** Admins add any post; a member shares a testimony (postCategoryId 2), saved UnAuthorised. */
  @Post('add-post')
  @UseInterceptors(ImageFileInterceptor())
  addPost(@Body() body: AddPostBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    requireSelf(caller, body.usersId, 'usersId', PERMISSION.contentWrite);
    const purpose = body.postCategoryId === CATEGORY.testimonies ? 'testimony' : 'post';
    return this.media.withImage(file, body.image, purpose, caller, async (image) =>
      this.one(await this.posts.create({ name: body.name, body: body.body, image, categoryId: body.postCategoryId, status: body.status, ...LEGACY_TESTIMONY_CONSENT }, caller), caller),
    );
  }

  @Put('update-post/:id')
  @UseInterceptors(ImageFileInterceptor())
  updatePost(@Param('id') id: string, @Body() body: UpdatePostBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    const postId = toId(id);
    requireSelf(caller, body.usersId, 'usersId', PERMISSION.contentWrite);
    const purpose = can(caller, PERMISSION.contentWrite) ? 'post' : 'testimony';
    return this.media.withImage(file, body.image, purpose, caller, async (image) =>
      this.one(await this.posts.update(postId, { name: body.name, body: body.body, image, categoryId: body.postCategoryId, status: body.status }, caller), caller),
    );
  }

  @Delete('delete-post/:id')
  async deletePost(@Param('id') id: string, @CurrentUser() caller: AuthUser) {
    return this.one(await this.posts.remove(toId(id), caller), caller);
  }
}
