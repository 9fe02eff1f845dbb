import type { EntityManager } from 'typeorm';
import { ROLE } from '../access/permissions.js';
import type { AppError } from '../common/app-error.js';

/**
 * The last-Admin rule, for every change that can take the Admin role from an account (a role change, an
 * erasure): run it first inside the transaction that makes the change. It locks every Admin row, so two such
 * changes at the same moment are decided one after the other, the second seeing what the first did; without
 * the lock both could count two Admins and leave none to assign roles. Throws `refusal` when `userId` is the
 * only Admin; an erased account is nobody, so it never counts as the other one.
 */
export async function keepAnotherAdmin(manager: EntityManager, userId: number, refusal: () => AppError): Promise<void> {
  const admins: { id: number }[] = await manager.query(`SELECT id FROM users WHERE role = $1 AND erased_at IS NULL ORDER BY id FOR UPDATE`, [ROLE.Admin]);
  if (admins.length === 1 && admins[0].id === userId) throw refusal();
}
