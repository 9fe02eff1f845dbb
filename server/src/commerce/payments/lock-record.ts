import type { EntityManager } from 'typeorm';
import type { PaymentKind } from './payment-kind.js';
import type { PaymentRecord } from './payment-record.js';

/** The record, read under its row lock for the rest of the transaction: payments change only under it. */
export function lockRecord<T extends PaymentRecord>(manager: EntityManager, kind: PaymentKind<T>, id: number): Promise<T> {
  return manager.getRepository(kind.entity).createQueryBuilder('record').setLock('pessimistic_write').where('record.id = :id', { id }).getOneOrFail();
}
