import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type DeepPartial } from 'typeorm';
import type { Submission } from './dto/public-request.args.js';
import type { RequestRecord } from './entities/request-record.js';
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
   * nothing is stored or sent. Logs carry the id only, never what the sender wrote.
   */
  async submit<T extends RequestRecord>(kind: RequestKind<T>, input: PublicSubmission & DeepPartial<T>): Promise<Submission> {
    const { website, ...fields } = input;
    if (website?.trim()) {
      this.logger.log(`ignored a ${kind.label} with the honeypot filled`);
      return { id: 0, createdAt: new Date() };
    }
    const record = await this.store(kind).insert(fields as DeepPartial<T>);
    this.logger.log(`${kind.label} ${record.id} received`);
    await this.notifier.announce(kind, record.id, input.email);
    return { id: record.id, createdAt: record.createdAt };
  }
}
