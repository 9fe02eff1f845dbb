import { applyDecorators } from '@nestjs/common';
import { Field, ID } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error.js';
import { toId } from '../common/list.js';

/** `announceListId` on the forms of posts and videos: the mailing list their publication is e-mailed to, once. */
export const AnnounceListField = () =>
  applyDecorators(
    Field(() => ID, { nullable: true, description: 'Once published, e-mailed once to this mailing list’s subscribers; null for none' }),
    IsOptional(),
  );

/** A malformed `announceListId` is a 400 before any record is looked up. */
export function checkAnnounceListId(value: string | null | undefined): void {
  if (value) toId(value, 'announceListId');
}

/** The list's id when it exists; null clears it. */
export async function announceListOf(manager: EntityManager, value: string | null | undefined): Promise<number | null> {
  if (!value) return null;
  const id = toId(value, 'announceListId');
  const [found] = await manager.query<unknown[]>(`SELECT 1 FROM mailing_lists WHERE id = $1`, [id]);
  if (!found) throw AppError.badInput('announceListId', 'There is no such mailing list');
  return id;
}
