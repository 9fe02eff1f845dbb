import { Injectable, Logger } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { ownerScope, requireOwner, requireSelf } from '../access/ownership.js';
import type { AuthUser } from '../access/auth-user.js';
import type { ListArgs } from '../common/list.js';
import type { CreatePrayerRequestArgs, PrayerRequestFilter } from './dto/prayer-request.args.js';
import type { PrayerRequest } from './entities/prayer-request.entity.js';
import { PRAYER_REQUEST, REQUEST_ALIAS } from './request-kinds.js';
import { RequestNotifier } from './request-mails.js';
import type { FollowUp } from './request-store.js';
import { RequestsService } from './requests.service.js';

/** The member fields staff see beside a prayer request (the spec's `users{...}`). */
const MEMBER_COLUMNS = ['member.id', 'member.title', 'member.firstname', 'member.lastname', 'member.country', 'member.state', 'member.city'];

/**
 * Prayer requests: a member makes them and reads their own; admins read all and follow them up.
 * Ownership is decided here, from the caller's token, never from what the browser sends.
 */
@Injectable()
export class PrayerRequestsService {
  private readonly logger = new Logger('Requests');

  constructor(
    private readonly requests: RequestsService,
    private readonly notifier: RequestNotifier,
  ) {}

  private get store() {
    return this.requests.store(PRAYER_REQUEST);
  }

  async create(caller: AuthUser, input: CreatePrayerRequestArgs): Promise<PrayerRequest> {
    const record = await this.store.insert({ title: input.title, body: input.body, userId: caller.id });
    this.logger.log(`prayer request ${record.id} received from member ${caller.id}`);
    await this.notifier.announce(PRAYER_REQUEST, record.id, caller.email);
    return record;
  }

  /** Care staff see every request; anyone else only their own, whatever the filter asks for. */
  private scopeFor(caller: AuthUser, filter?: PrayerRequestFilter | null) {
    const owner = ownerScope(caller, 'care:read');
    return (query: SelectQueryBuilder<PrayerRequest>) => {
      query.leftJoin(`${REQUEST_ALIAS}.user`, 'member');
      if (owner !== undefined) query.andWhere(`${REQUEST_ALIAS}.userId = :owner`, { owner });
      if (filter?.userId) query.andWhere(`${REQUEST_ALIAS}.userId = :userId`, { userId: Number(filter.userId) });
    };
  }

  list(caller: AuthUser, args: ListArgs, filter?: PrayerRequestFilter | null): Promise<PrayerRequest[]> {
    return this.store.list(args, filter, this.scopeFor(caller, filter), caller);
  }

  count(caller: AuthUser, filter?: PrayerRequestFilter | null): Promise<number> {
    return this.store.count(filter, this.scopeFor(caller, filter), caller);
  }

  /** Someone else's request is answered as not found, so ids cannot be probed. */
  async get(caller: AuthUser, id: number): Promise<PrayerRequest> {
    return requireOwner(caller, await this.store.get(id), (record) => record.userId, 'The prayer request', 'care:read');
  }

  followUp(id: number, changes: FollowUp): Promise<PrayerRequest> {
    return this.store.followUp(id, changes);
  }

  remove(id: number): Promise<PrayerRequest> {
    return this.store.remove(id);
  }

  /** For the legacy tables: rows with their member's public fields, in one query, newest first. */
  withMembers(owner?: number): Promise<PrayerRequest[]> {
    const query = this.store
      .query(undefined, (q) => {
        q.leftJoin(`${REQUEST_ALIAS}.user`, 'member').addSelect(MEMBER_COLUMNS);
        if (owner !== undefined) q.andWhere(`${REQUEST_ALIAS}.userId = :owner`, { owner });
      })
      .orderBy(`${REQUEST_ALIAS}.createdAt`, 'DESC')
      .addOrderBy(`${REQUEST_ALIAS}.id`, 'DESC');
    return query.getMany();
  }

  /** `GET prayer-request/:userId/my-prayer-requests`: that member or care staff. */
  async forMember(caller: AuthUser, userId: number): Promise<PrayerRequest[]> {
    requireSelf(caller, userId, 'userId', 'care:read');
    return this.withMembers(userId);
  }
}
