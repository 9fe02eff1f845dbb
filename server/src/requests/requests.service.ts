import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type DeepPartial } from 'typeorm';
import { AuditService } from '../audit/index.js';
import type { Submission } from './dto/public-request.args.js';
import type { RequestRecord } from './entities/request-record.js';
import { claimIdempotencyKey } from './idempotency.js';
import type { RequestKind } from './request-kinds.js';
import { RequestNotifier } from './request-mails.js';
import { RequestStore } from './request-store.js';

/** The public form's fields plus the honeypot and, for every public kind, the sender's e-mail. */
type PublicSubmission = { website?: string; email: string };

/**
 * Public requests: stored together with the e-mails that tell staff and sender, once per idempotency key. Also
 * hands out each kind's store for staff review, so GraphQL and the legacy REST paths run the same code.
 */
@Injectable()
export class RequestsService {
  private readonly logger = new Logger('Requests');
  private readonly stores = new Map<string, RequestStore<RequestRecord>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifier: RequestNotifier,
    private readonly audit: AuditService,
  ) {}

  store<T extends RequestRecord>(kind: RequestKind<T>): RequestStore<T> {
    let store = this.stores.get(kind.name);
    if (!store) {
      store = new RequestStore(kind, this.dataSource.getRepository(kind.entity), this.audit) as unknown as RequestStore<RequestRecord>;
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
    const stored = await this.storeOnce(kind, fields as DeepPartial<T>, input.email, idempotencyKey === undefined ? undefined : { key: idempotencyKey, sent: fields });
    this.logger.log(`${kind.label} ${stored.record.id} ${stored.repeated ? 'sent again; answered as before' : 'received'}`);
    return { id: stored.record.id, createdAt: stored.record.createdAt };
  }

  /**
   * Stores a request and queues its e-mails in one transaction: both are kept, or neither. Under an idempotency
   * key (`sent`: what the client sent, as the key's submission is recognised by it), a submission already stored
   * is not stored again: the answer is the earlier record's id and time.
   */
  async storeOnce<T extends RequestRecord>(
    kind: RequestKind<T>,
    fields: DeepPartial<T>,
    senderEmail: string | undefined,
    idempotency?: { key: string; sent: object },
  ): Promise<{ record: T; repeated: false } | { record: Submission; repeated: true }> {
    const acknowledgeTo = await this.notifier.acknowledgeable(senderEmail);
    return this.dataSource.transaction(async (manager) => {
      const claim = idempotency && (await claimIdempotencyKey(manager, kind.name, idempotency.key, idempotency.sent));
      if (claim?.replay) return { record: claim.replay, repeated: true };
      const record = await this.store(kind).insert(fields, manager);
      await this.notifier.announce(kind, record.id, acknowledgeTo, manager);
      await claim?.settle(record);
      return { record, repeated: false };
    });
  }
}
