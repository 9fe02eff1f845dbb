import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { can } from '../../access/permissions.js';
import { CATEGORY } from './post-category.entity.js';

/** The name a published testimony shows, as its author chose when consenting. */
export enum TestimonyDisplayName {
  FullName = 'FullName',
  FirstName = 'FirstName',
  Anonymous = 'Anonymous',
}
registerEnumType(TestimonyDisplayName, {
  name: 'TestimonyDisplayName',
  valuesMap: { FullName: { description: 'First and last name' }, FirstName: { description: 'First name only' }, Anonymous: { description: '"Anonymous"' } },
});

export enum ConsentKind {
  TestimonyPublication = 'TestimonyPublication',
}
registerEnumType(ConsentKind, { name: 'ConsentKind' });

/**
 * The words a member agrees to when sharing a testimony. A new wording gets a new version: each consent keeps
 * the version and the exact text its giver saw.
 */
export const TESTIMONY_CONSENT = {
  version: '2026-11-23',
  text:
    'I agree that the church may publish this testimony on its website, under the name I have chosen, after a member ' +
    'of staff has read it. It may mention my faith, and anything else I have written in it. I can withdraw this ' +
    'consent at any time from my privacy page, and the testimony will be taken down at once.',
} as const;

@ObjectType()
export class ConsentText {
  @Field()
  version: string;

  @Field()
  text: string;
}

/** A consent given, and withdrawn when it was: the record the charity keeps to show it had one. */
@ObjectType()
@Entity('consents')
export class Consent {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_consents_user_id')
  @Column({ name: 'user_id' })
  userId: number;

  @Field(() => ConsentKind)
  @Column({ type: 'text' })
  kind: ConsentKind;

  @Field(() => ID, { nullable: true })
  @Index('IDX_consents_post_id')
  @Column({ name: 'post_id', type: 'integer', nullable: true })
  postId: number | null;

  @Field(() => TestimonyDisplayName, { nullable: true })
  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName: TestimonyDisplayName | null;

  @Field()
  @Column({ name: 'text_version', type: 'text' })
  textVersion: string;

  @Field()
  @Column({ type: 'text' })
  text: string;

  @Field()
  @Column({ name: 'given_at', type: 'timestamptz', default: () => 'now()' })
  givenAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;
}

/** The author's name fields a page may show: what `author` answers on every path. */
type ShownName = { title: string; firstname: string; lastname: string };

/**
 * The author of a testimony as its consent lets it be shown: first name only, or "Anonymous". Content staff and
 * the author themselves see the real name (the review screens need it).
 */
export function shownAuthor<T extends ShownName>(post: { categoryId: number; displayName: TestimonyDisplayName | null; authorId: number | null }, author: T, viewer?: AuthUser | null): T {
  if (post.categoryId !== CATEGORY.testimonies || !post.displayName || post.displayName === TestimonyDisplayName.FullName) return author;
  if (viewer && (viewer.id === post.authorId || can(viewer, PERMISSION.contentWrite))) return author;
  if (post.displayName === TestimonyDisplayName.FirstName) return { ...author, lastname: '' };
  return { ...author, title: '', firstname: 'Anonymous', lastname: '' };
}
