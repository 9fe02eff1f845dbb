import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { requireOwner } from '../../access/ownership.js';
import { can } from '../../access/permissions.js';
import type { AuthUser } from '../../access/auth-user.js';
import { ListOptions, toId } from '../../common/list.js';
import { MediaService } from '../../media/index.js';
import { ContentList } from '../content-list.js';
import { joinImageUpload } from '../image-upload.js';
import { excerptOf, sanitizeBody } from '../rich-text.js';
import type { PostFilter } from './post.args.js';
import { CATEGORY, PostCategory } from './post-category.entity.js';
import { Post, PostStatus } from './post.entity.js';
import type { BookingSettingsInput } from './booking-settings.js';
import { announceListOf, checkAnnounceListId } from '../announce-list.js';
import type { TestimonyDisplayName } from './testimony-consent.js';
import { TestimonyConsents } from './testimony-consents.service.js';
import { programEventOf, type ProgramEvent } from './program-event.js';
import { uniqueSlug } from './post-slug.js';

export interface NewPost extends Partial<ProgramEvent> {
  name: string;
  body: string;
  image?: string | null;
  categoryId: number;
  status?: PostStatus | null;
  consentToPublish?: boolean | null;
  displayName?: TestimonyDisplayName | null;
  booking?: BookingSettingsInput | null;
  announceListId?: string | null;
}

/** A post as its reads answer it: what they joined, undefined when a row was read without (e.g. after a write). */
export type JoinedPost = Post & { category?: PostCategory | null; author?: User | null };

/** The author's columns a post's reads bring: what `PostAuthor` and the legacy `users{...}` show. */
const AUTHOR_COLUMNS = ['post_author.id', 'post_author.title', 'post_author.firstname', 'post_author.lastname'];

export type PostChanges = Partial<Omit<NewPost, 'image'>> & { image?: string | null };

/**
 * Blog posts, programs and testimonies. Visitors see Authorised posts only, in every category; a member also
 * sees their own testimonies; content staff see everything. Members only share testimonies, saved UnAuthorised.
 */
@Injectable()
export class PostsService extends ContentList<Post, PostFilter> {
  protected readonly list: ListOptions = {
    sortable: {
      id: 'post.id',
      name: 'post.name',
      slug: 'post.slug',
      status: 'post.status',
      categoryId: 'post.categoryId',
      authorId: 'post.authorId',
      createdAt: 'post.createdAt',
      updatedAt: 'post.updatedAt',
      // "Upcoming programs": the next occurrence first, then undated programs by date written.
      nextStartsAt: { column: 'post.sortStartsAt', nulls: 'NULLS LAST', then: { column: 'post.createdAt', order: 'DESC' } },
    },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    searchable: ['post.name', 'post.excerpt'],
  };
  protected readonly what = 'The post';

  constructor(
    @InjectRepository(Post) posts: Repository<Post>,
    private readonly dataSource: DataSource,
    private readonly media: MediaService,
    private readonly consents: TestimonyConsents,
  ) {
    super(posts, 'post');
  }

  protected filtered(filter: PostFilter | null | undefined, caller: AuthUser | undefined) {
    const query = super.filtered(filter, caller);
    if (filter?.categoryId) query.andWhere('post.categoryId = :categoryId', { categoryId: toId(filter.categoryId, 'categoryId') });
    if (filter?.status) query.andWhere('post.status = :status', { status: filter.status });
    if (filter?.authorId) query.andWhere('post.authorId = :authorId', { authorId: toId(filter.authorId, 'authorId') });
    if (filter?.slug) query.andWhere('post.slug = :slug', { slug: filter.slug });
    if (filter?.upcoming === true) query.andWhere('(post.overAt IS NULL OR post.overAt >= now())');
    if (filter?.upcoming === false) query.andWhere('post.overAt < now()');
    return this.visibleTo(query, caller);
  }

  /**
   * The one visibility rule of posts, under every list, count, single read, feed, calendar and sitemap: a post
   * that is not Authorised is a draft, whatever its category, seen only by content staff, and a member's own
   * testimony awaiting review by its author. Feeds and the visitors' caches ask as no one, so never hold drafts.
   */
  private visibleTo(query: SelectQueryBuilder<Post>, caller: AuthUser | undefined): SelectQueryBuilder<Post> {
    if (can(caller, PERMISSION.contentWrite)) return query;
    return query.andWhere(
      new Brackets((visible) => {
        visible.where('post.status = :authorised', { authorised: PostStatus.Authorised });
        if (caller) {
          visible.orWhere('(post.authorId = :caller AND post.categoryId = :testimonies)', { caller: caller.id, testimonies: CATEGORY.testimonies });
        }
      }),
    );
  }

  /**
   * A post's picture, category and author come in its list's own query (resolved from `JoinedPost`). Of the author
   * only the name a post shows is read: the rest of an account is neither sent nor worth hydrating for every row.
   */
  protected withJoins(query: SelectQueryBuilder<Post>): SelectQueryBuilder<Post> {
    return joinImageUpload(query)
      .leftJoinAndMapOne('post.category', PostCategory, 'post_category', 'post_category.id = post.categoryId')
      .leftJoinAndMapOne('post.author', User, 'post_author', 'post_author.id = post.authorId')
      .select([query.alias, `${query.alias}_upload`, 'post_category', ...AUTHOR_COLUMNS]);
  }

  /** Dated programs that are not over, soonest first: the calendar feed. */
  upcomingEvents(limit = 500): Promise<Post[]> {
    return this.filtered({ categoryId: String(CATEGORY.programs), upcoming: true }, undefined)
      .andWhere('post.startsAt IS NOT NULL')
      .orderBy('post.sortStartsAt', 'ASC')
      .addOrderBy('post.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Every post a visitor may read, for the sitemap: only what its entries need. */
  publicIndex(): Promise<Pick<Post, 'id' | 'categoryId' | 'updatedAt'>[]> {
    return this.filtered(undefined, undefined).select(['post.id', 'post.categoryId', 'post.updatedAt']).orderBy('post.id').getMany();
  }

  async bySlug(slug: string, caller: AuthUser | undefined): Promise<Post> {
    const post = await this.withJoins(this.filtered({ slug }, caller)).getOne();
    if (!post) throw AppError.notFound(this.what);
    return post;
  }

  async create(input: NewPost, caller: AuthUser): Promise<Post> {
    const editor = can(caller, PERMISSION.contentWrite);
    if (!editor) {
      if (input.categoryId !== CATEGORY.testimonies) throw AppError.forbidden('Members can only share testimonies (category 2)');
      if (input.status === PostStatus.Authorised) throw AppError.forbidden('Only content staff can authorise a testimony');
    }
    const name = this.cleanName(input.name);
    const body = this.cleanBody(input.body);
    this.media.assertOwnImage(input.image);
    await this.assertCategory(input.categoryId);
    const status = editor ? (input.status ?? PostStatus.Authorised) : PostStatus.UnAuthorised;
    const displayName = this.consents.displayNameFor(input.categoryId, input, editor);
    const event = programEventOf(input.categoryId, {}, input);
    return this.dataSource.transaction(async (manager) => {
      const announceListId = editor ? await announceListOf(manager, input.announceListId) : null;
      // Only content staff see every slug. Anyone else's gets a random tail: the numbered tail a taken slug gets would
      // tell them that a draft of that title exists.
      const slug = await uniqueSlug(manager, name, editor ? '' : `-${randomBytes(4).toString('hex')}`);
      const post = manager.create(Post, {
        name,
        slug,
        body,
        excerpt: excerptOf(body),
        image: input.image || null,
        categoryId: input.categoryId,
        authorId: caller.id,
        status,
        displayName,
        announceListId,
        ...event,
      });
      const saved = await manager.save(post);
      if (displayName && !editor) await this.consents.record(manager, saved, caller.id);
      return saved;
    });
  }

  /**
   * Content staff change anything (Authorise / De-list is a change of `status`). A member may edit their own
   * testimony's words and picture; it then goes back to UnAuthorised for review.
   */
  async update(id: number, changes: PostChanges, caller: AuthUser): Promise<Post> {
    checkAnnounceListId(changes.announceListId);
    const post = await this.owned(id, caller);
    let reviewed = false;
    if (!can(caller, PERMISSION.contentWrite)) {
      if (changes.categoryId != null && changes.categoryId !== post.categoryId) throw AppError.forbidden('Members cannot move a testimony to another category');
      if (changes.status === PostStatus.Authorised) throw AppError.forbidden('Only content staff can authorise a testimony');
      post.status = PostStatus.UnAuthorised;
    } else if (changes.status && changes.status !== post.status) {
      if (changes.status === PostStatus.Authorised) await this.consents.assertPublishable(post.id);
      post.status = changes.status;
      reviewed = true;
    }
    if (changes.name != null) post.name = this.cleanName(changes.name);
    if (changes.body != null) {
      post.body = this.cleanBody(changes.body);
      post.excerpt = excerptOf(post.body);
    }
    if (changes.image !== undefined) {
      this.media.assertOwnImage(changes.image);
      post.image = changes.image || null;
    }
    if (changes.categoryId != null && changes.categoryId !== post.categoryId) {
      await this.assertCategory(changes.categoryId);
      post.categoryId = changes.categoryId;
    }
    Object.assign(post, programEventOf(post.categoryId, post, changes));
    if (changes.announceListId !== undefined && can(caller, PERMISSION.contentWrite))
      post.announceListId = await announceListOf(this.dataSource.manager, changes.announceListId);
    const saved = await this.repository.save(post);
    if (reviewed) await this.consents.tellAuthor(saved);
    return saved;
  }

  async remove(id: number, caller: AuthUser): Promise<Post> {
    const post = await this.owned(id, caller);
    await this.repository.delete(id);
    return post;
  }

  /**
   * The post, when the caller edits content or wrote it as a testimony: a member's only kind of post. An editor who
   * is no longer one is a member, and keeps no hold on the other posts they wrote (neither a draft's words nor a change).
   */
  private async owned(id: number, caller: AuthUser): Promise<Post> {
    const ownTestimony = (post: Post) => (post.categoryId === CATEGORY.testimonies ? post.authorId : null);
    return requireOwner(caller, await this.repository.findOneBy({ id }), ownTestimony, this.what, PERMISSION.contentWrite);
  }

  private cleanName(name: string): string {
    const clean = name.trim();
    if (!clean) throw AppError.badInput('name', 'name is required');
    return clean;
  }

  private cleanBody(html: string): string {
    const body = sanitizeBody(html, (url) => this.media.ownsImage(url));
    if (!excerptOf(body) && !body.includes('<img')) throw AppError.badInput('body', 'body is required');
    return body;
  }

  private async assertCategory(categoryId: number): Promise<void> {
    if (!(await this.dataSource.getRepository(PostCategory).existsBy({ id: categoryId }))) {
      throw AppError.badInput('categoryId', `There is no post category ${categoryId}`);
    }
  }
}
