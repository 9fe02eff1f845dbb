import { Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { MailService } from '../../mail/index.js';
import { CATEGORY } from './post-category.entity.js';
import { Post, PostStatus } from './post.entity.js';
import { Consent, ConsentKind, TESTIMONY_CONSENT, TestimonyDisplayName } from './testimony-consent.js';

/** What a member sends with a testimony: that they agree to its publication, and the name it shows. */
export interface PublicationChoice {
  consentToPublish?: boolean | null;
  displayName?: TestimonyDisplayName | null;
}

/**
 * Consent to publish testimonies (UK-GDPR Art 9: publishing someone's faith needs their explicit consent): a
 * member's testimony needs it, its text and version are kept, and withdrawing it takes the testimony down at once.
 */
@Injectable()
export class TestimonyConsents {
  private readonly logger = new Logger('Testimonies');

  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {}

  /** The name a new post shows; a member's testimony without consent is refused, naming the field. */
  displayNameFor(categoryId: number, choice: PublicationChoice, byEditor: boolean): TestimonyDisplayName | null {
    if (categoryId !== CATEGORY.testimonies) return null;
    if (!byEditor && choice.consentToPublish !== true) throw AppError.badInput('consentToPublish', 'Please agree to your testimony being published');
    return choice.displayName ?? (byEditor ? TestimonyDisplayName.FullName : TestimonyDisplayName.FirstName);
  }

  /** Keeps the consent a member gave with their testimony, in the transaction that stores it. */
  async record(manager: EntityManager, post: Post, memberId: number): Promise<void> {
    await manager.insert(Consent, {
      userId: memberId,
      kind: ConsentKind.TestimonyPublication,
      postId: post.id,
      displayName: post.displayName,
      textVersion: TESTIMONY_CONSENT.version,
      text: TESTIMONY_CONSENT.text,
    });
  }

  /** A testimony whose author withdrew consent cannot be published again. */
  async assertPublishable(postId: number): Promise<void> {
    const consents = this.dataSource.getRepository(Consent);
    const given = await consents.existsBy({ postId, kind: ConsentKind.TestimonyPublication });
    const standing = await consents.existsBy({ postId, kind: ConsentKind.TestimonyPublication, withdrawnAt: IsNull() });
    if (given && !standing) throw AppError.badInput('status', 'Its author withdrew consent to publish this testimony');
  }

  mine(caller: AuthUser): Promise<Consent[]> {
    return this.dataSource.getRepository(Consent).find({ where: { userId: caller.id }, order: { givenAt: 'DESC', id: 'DESC' } });
  }

  /** Withdraws the caller's own consent and takes its testimony down in the same transaction. */
  async withdraw(caller: AuthUser, id: number): Promise<Consent> {
    return this.dataSource.transaction(async (manager) => {
      const consent = await manager.findOneBy(Consent, { id, userId: caller.id });
      if (!consent) throw AppError.notFound('The consent');
      if (consent.withdrawnAt) return consent;
      consent.withdrawnAt = new Date();
      if (consent.postId) await manager.update(Post, { id: consent.postId }, { status: PostStatus.UnAuthorised });
      this.logger.log(`consent ${consent.id} withdrawn; testimony ${consent.postId} taken down`);
      return manager.save(consent);
    });
  }

  /** Tells a testimony's author it was published or taken down (the title only, not their words). */
  async tellAuthor(post: Post): Promise<void> {
    if (post.categoryId !== CATEGORY.testimonies || !post.authorId) return;
    const author = await this.dataSource.getRepository(User).findOneBy({ id: post.authorId });
    if (!author) return;
    const published = post.status === PostStatus.Authorised;
    await this.mail.queue({
      to: author.email,
      subject: published ? 'Your testimony is published' : 'Your testimony was taken down',
      text: [
        `Dear ${author.firstname},`,
        '',
        published
          ? `Your testimony "${post.name}" is now on our website. Thank you for sharing it.`
          : `Your testimony "${post.name}" is no longer on our website.`,
        '',
        'You can see your testimonies, and withdraw your consent to publish them, on your privacy page.',
      ].join('\n'),
    });
  }
}
