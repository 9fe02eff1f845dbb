import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import type { Submission } from './dto/public-request.args.js';
import type { RequestRecord } from './entities/request-record.js';
import { claimIdempotencyKey } from './idempotency.js';
import type { RequestKind } from './request-kinds.js';
import { RequestNotifier } from './request-mails.js';
import { RequestStore } from './request-store.js';

/** The public form's fields plus the honeypot and, for every public kind, the sender's e-mail. */
type PublicSubmission = { website?: string; email: string };

/**
 * Public requests: stored first, then staff and sender are told by e-mail. Also hands out each kind's
 * store for staff review, so GraphQL and the legacy REST paths run the same code.
 */
@Injectable()
export class RequestsService {
  private readonly logger = new Logger('Requests');
  private readonly stores = new Map<string, RequestStore<RequestRecord>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifier: RequestNotifier,
  ) {}

  store<T extends RequestRecord>(kind: RequestKind<T>): RequestStore<T> {
    let store = this.stores.get(kind.name);
    if (!store) {
      store = new RequestStore(kind, this.dataSource.getRepository(kind.entity)) as unknown as RequestStore<RequestRecord>;
      this.stores.set(kind.name, store);
    }
    return store as unknown as RequestStore<T>;
  }

  /**
   * Stores a public request and queues its e-mails. A filled honeypot gets the same kind of answer but
   * nothing is stored or sent. Under an idempotency key, a repeated submission (a retry after a lost answer or
   * a 503) gets the first one's answer and stores nothing. Logs carry the id only, never what the sender wrote.
   */
  async submit<T extends RequestRecord>(kind: RequestKind<T>, input: PublicSubmission & DeepPartial<T>, idempotencyKey?: string): Promise<Submission> {
    const { website, ...fields } = input;
    if (website?.trim()) {
      this.logger.log(`ignored a ${kind.label} with the honeypot filled`);
      return { id: 0, createdAt: new Date() };
    }
    const acknowledgeTo = await this.notifier.acknowledgeable(input.email);
    const { record, repeated } = await this.dataSource.transaction(async (manager) => {
      const claim = idempotencyKey ? await claimIdempotencyKey(manager, kind.name, idempotencyKey, fields) : undefined;
      if (claim?.replay) return { record: claim.replay, repeated: true };
      const stored = await this.storeAndAnnounce(kind, fields as DeepPartial<T>, acknowledgeTo, manager);
      await claim?.settle(stored);
      return { record: stored, repeated: false };
    });
    this.logger.log(`${kind.label} ${record.id} ${repeated ? 'sent again; answered as before' : 'received'}`);
    return { id: record.id, createdAt: record.createdAt };
  }

  /** Stores a request and queues its e-mails in `transaction`: both are kept, or neither. */
  async storeAndAnnounce<T extends RequestRecord>(kind: RequestKind<T>, fields: DeepPartial<T>, acknowledgeTo: string | undefined, transaction: EntityManager): Promise<T> {
    const record = await this.store(kind).insert(fields, transaction);
    await this.notifier.announce(kind, record.id, acknowledgeTo, transaction);
    return record;
  }
}
