import { Injectable, Logger } from '@nestjs/common';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import { requireOwner, requireSelf } from '../access/ownership.js';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { AppError } from '../common/app-error.js';
import type { ListArgs } from '../common/list.js';
import type { ChangePrayerPrivacyArgs, CreatePrayerRequestArgs, PrayerRequestFilter } from './dto/prayer-request.args.js';
import { CareEvent, CareEventType } from './entities/care-event.entity.js';
import type { PrayerRequest } from './entities/prayer-request.entity.js';
import { isNarrowerOrSame, PrayerPrivacy, PrayerWallName, PrayerWallStatus, SHARED_WITH_TEAM, SHARING_DAYS } from './prayer-privacy.js';
import { PRAYER_REQUEST, REQUEST_ALIAS } from './request-kinds.js';
import type { FollowUp } from './request-store.js';
import { RequestStatus } from './request-status.js';
import { RequestsService } from './requests.service.js';

/** The member fields staff see beside a prayer request (the spec's `users{...}`). */
const MEMBER_COLUMNS = ['member.id', 'member.title', 'member.firstname', 'member.lastname', 'member.country', 'member.state', 'member.city'];

/** A staff reply as the member's list shows it. */
export type PrayerReplyRow = Pick<CareEvent, 'requestId' | 'body' | 'createdAt'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const sharingEnds = () => new Date(Date.now() + SHARING_DAYS * DAY_MS);

/** Shared with the team and still open: what `prayer:read-shared` reads besides the caller's own. */
const SHARED_AND_OPEN = `(${REQUEST_ALIAS}.privacy IN (:...shared) AND ${REQUEST_ALIAS}.expiresAt > now() AND ${REQUEST_ALIAS}.status <> :closed)`;

/**
 * Prayer requests: a member makes them, reads their own and decides who else may; pastors read all and follow them
 * up; the prayer team reads those shared with it while they are open. Who may read what is decided here, from the
 * caller's token, never from what the browser sends.
 */
@Injectable()
export class PrayerRequestsService {
  private readonly logger = new Logger('Requests');

  constructor(
    private readonly requests: RequestsService,
    private readonly dataSource: DataSource,
  ) {}

  private get store() {
    return this.requests.store(PRAYER_REQUEST);
  }

  /** Under an idempotency key, a request sent again is answered with the one stored the first time. */
  async create(caller: AuthUser, input: CreatePrayerRequestArgs, idempotencyKey?: string): Promise<PrayerRequest> {
    const privacy = input.privacy ?? PrayerPrivacy.PastorsOnly;
    const onWall = privacy === PrayerPrivacy.PrayerWall;
    if (onWall && !input.wallName) throw AppError.badInput('wallName', 'wallName is required for the prayer wall');
    const fields = {
      title: input.title,
      body: input.body,
      userId: caller.id,
      privacy,
      wallName: onWall ? input.wallName : null,
      wallStatus: onWall ? PrayerWallStatus.Pending : PrayerWallStatus.NotRequested,
      expiresAt: sharingEnds(),
    };
    // What the member sent, and who they are: another member's key is another submission, never this one's answer.
    const sent = { ...input, userId: caller.id };
    const stored = await this.requests.storeOnce<PrayerRequest>(PRAYER_REQUEST, fields, caller.email, idempotencyKey === undefined ? undefined : { key: idempotencyKey, sent });
    if (stored.repeated) return this.store.get(stored.record.id);
    this.logger.log(`prayer request ${stored.record.id} received from member ${caller.id}`);
    return stored.record;
  }

  /** Care staff see every request; the prayer team those shared with it while open; anyone else only their own. */
  private scopeFor(caller: AuthUser, filter?: PrayerRequestFilter | null) {
    return (query: SelectQueryBuilder<PrayerRequest>) => {
      query.leftJoin(`${REQUEST_ALIAS}.user`, 'member');
      if (!can(caller, PERMISSION.careRead)) {
        const own = `${REQUEST_ALIAS}.userId = :me`;
        query.andWhere(can(caller, PERMISSION.prayerReadShared) ? new Brackets((where) => where.where(own).orWhere(SHARED_AND_OPEN)) : own, {
          me: caller.id,
          shared: SHARED_WITH_TEAM,
          closed: RequestStatus.Closed,
        });
      }
      if (filter?.userId) query.andWhere(`${REQUEST_ALIAS}.userId = :userId`, { userId: Number(filter.userId) });
      if (filter?.privacy) query.andWhere(`${REQUEST_ALIAS}.privacy = :privacy`, { privacy: filter.privacy });
      if (filter?.wallStatus) query.andWhere(`${REQUEST_ALIAS}.wallStatus = :wallStatus`, { wallStatus: filter.wallStatus });
    };
  }

  list(caller: AuthUser, args: ListArgs, filter?: PrayerRequestFilter | null): Promise<PrayerRequest[]> {
    return this.store.list(args, filter, this.scopeFor(caller, filter), caller);
  }

  /** With a search term, on the audit trail for staff as a read of the requests it matched; a member's own count is not. */
  count(caller: AuthUser, filter: PrayerRequestFilter | null | undefined, address: string): Promise<number> {
    return this.store.count(caller, address, filter, this.scopeFor(caller, filter));
  }

  /** One the caller may read; anything else is answered as not found, so ids cannot be probed. */
  async get(caller: AuthUser, id: number): Promise<PrayerRequest> {
    const found = await this.store.query(undefined, this.scopeFor(caller)).andWhere(`${REQUEST_ALIAS}.id = :id`, { id }).getOne();
    if (!found) throw AppError.notFound('The prayer request');
    return found;
  }

  /** The caller's own request, for the member's own actions; staff rights do not make it theirs. */
  private async own(caller: AuthUser, id: number): Promise<PrayerRequest> {
    return requireOwner(caller, await this.store.get(id).catch(() => null), (record) => record.userId, 'The prayer request');
  }

  async followUp(id: number, changes: FollowUp, actor: AuthUser): Promise<PrayerRequest> {
    return (await this.store.followUp(id, changes, actor)).record;
  }

  remove(id: number, actor: AuthUser, address: string): Promise<PrayerRequest> {
    return this.store.remove(id, actor, address);
  }

  /** The member closes their request: it leaves the team's list and the wall. */
  async close(caller: AuthUser, id: number): Promise<PrayerRequest> {
    const request = await this.own(caller, id);
    if (request.status === RequestStatus.Closed) return request;
    return (await this.store.followUp(id, { status: RequestStatus.Closed }, caller)).record;
  }

  /** Another 30 days with the team and on the wall. A closed request stays closed: the member sends a new one. */
  async renew(caller: AuthUser, id: number): Promise<PrayerRequest> {
    const request = await this.own(caller, id);
    if (request.status === RequestStatus.Closed) throw AppError.badInput('id', 'A closed prayer request cannot be renewed; please send a new one');
    return this.store.update(id, { expiresAt: sharingEnds() });
  }

  /** Narrows who may read the request (wall, team, pastors only; first name, anonymous); never widens it. */
  async changePrivacy(caller: AuthUser, { id, privacy, wallName }: ChangePrayerPrivacyArgs): Promise<PrayerRequest> {
    const request = await this.own(caller, Number(id));
    const nextName = privacy === PrayerPrivacy.PrayerWall ? (wallName ?? request.wallName) : null;
    const widensName = request.wallName === PrayerWallName.Anonymous && nextName === PrayerWallName.FirstName;
    if (!isNarrowerOrSame(privacy, request.privacy) || widensName) throw AppError.badInput('privacy', 'privacy can only be narrowed');
    const offWall = privacy !== PrayerPrivacy.PrayerWall;
    const wallStatus =
      offWall && request.wallStatus === PrayerWallStatus.Approved ? PrayerWallStatus.Removed : offWall && request.wallStatus === PrayerWallStatus.Pending ? PrayerWallStatus.NotRequested : request.wallStatus;
    return this.store.update(request.id, { privacy, wallName: nextName, wallStatus });
  }

  /** The replies staff sent about each request, oldest first: what its member reads. */
  async replies(ids: readonly number[]): Promise<PrayerReplyRow[][]> {
    // Only what a reply shows, without hydrating whole timeline entities: this runs under every member's list.
    const events: PrayerReplyRow[] = await this.dataSource
      .getRepository(CareEvent)
      .createQueryBuilder('event')
      .select('event.requestId', 'requestId')
      .addSelect('event.body', 'body')
      .addSelect('event.createdAt', 'createdAt')
      .where('event.kind = :kind AND event.type = :type AND event.requestId IN (:...ids)', { kind: PRAYER_REQUEST.name, type: CareEventType.Reply, ids })
      .orderBy('event.createdAt', 'ASC')
      .addOrderBy('event.id', 'ASC')
      .getRawMany();
    return ids.map((id) => events.filter((event) => event.requestId === id));
  }

  /** For the legacy tables: rows the caller may read, with their member's public fields, in one query, newest first. */
  withMembers(caller: AuthUser, owner?: number): Promise<PrayerRequest[]> {
    const scope = this.scopeFor(caller);
    const query = this.store
      .query(undefined, (q) => {
        scope(q);
        q.addSelect(MEMBER_COLUMNS);
        if (owner !== undefined) q.andWhere(`${REQUEST_ALIAS}.userId = :owner`, { owner });
      })
      .orderBy(`${REQUEST_ALIAS}.createdAt`, 'DESC')
      .addOrderBy(`${REQUEST_ALIAS}.id`, 'DESC');
    return query.getMany();
  }

  /** `GET prayer-request/:userId/my-prayer-requests`: that member or care staff. */
  async forMember(caller: AuthUser, userId: number): Promise<PrayerRequest[]> {
    requireSelf(caller, userId, 'userId', PERMISSION.careRead);
    return this.withMembers(caller, userId);
  }
}
