import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AuditService } from '../../audit/index.js';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { applyListPage, ListArgs, ListOptions, toId } from '../../common/list.js';
import { MailService } from '../../mail/index.js';
import { SiteSettingsService } from '../../site/index.js';
import { CancellationMethod, DeclarationSource, GiftAidDeclaration } from './declaration.entity.js';
import { declarationStatus } from './declaration-rules.js';
import { GiftAidDeclarationService, type GiftAidDeclarationVersion } from './declaration.service.js';
import { DeclarationStatus, type CancelGiftAidDeclarationForDonorArgs, type GiftAidDeclarationFilter, type RecordGiftAidDeclarationArgs } from './dto/gift-aid.args.js';
import { londonDay } from './tax-year.js';
import { oralDeclarationRecord } from './wording.js';

const LIST: ListOptions = {
  sortable: { id: 'g.id', createdAt: 'g.created_at', declaredOn: 'g.declared_on', lastName: 'g.last_name', effectiveFrom: 'g.effective_from' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: ['g.first_name', 'g.last_name', 'g.title'],
};

const STATUS_SQL: Record<DeclarationStatus, string> = {
  [DeclarationStatus.Cancelled]: 'g.cancelled_at IS NOT NULL',
  [DeclarationStatus.Superseded]: 'g.cancelled_at IS NULL AND g.superseded_at IS NOT NULL',
  [DeclarationStatus.InForce]: 'g.cancelled_at IS NULL AND g.superseded_at IS NULL',
};

/** Finance's side of declarations: reads every one, records cancellations and oral or paper declarations. */
@Injectable()
export class GiftAidDeclarationRecords {
  constructor(
    @InjectRepository(GiftAidDeclaration) private readonly declarations: Repository<GiftAidDeclaration>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly donors: GiftAidDeclarationService,
    private readonly site: SiteSettingsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  list(args: ListArgs, filter?: GiftAidDeclarationFilter | null): Promise<GiftAidDeclaration[]> {
    return applyListPage(this.filtered(filter), args, LIST).getMany();
  }

  count(filter?: GiftAidDeclarationFilter | null): Promise<number> {
    return this.filtered(filter).getCount();
  }

  private filtered(filter?: GiftAidDeclarationFilter | null) {
    const query = this.declarations.createQueryBuilder('g');
    if (filter?.ids?.length) query.andWhere('g.id IN (:...ids)', { ids: filter.ids.map((id) => toId(id, 'filter.ids')) });
    if (filter?.status) query.andWhere(STATUS_SQL[filter.status]);
    if (filter?.userId) query.andWhere('g.user_id = :userId', { userId: toId(filter.userId, 'filter.userId') });
    const q = filter?.q?.trim();
    if (q) {
      // A donor is found by either name, or both ("Ada Lovelace").
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere(
        new Brackets((where) =>
          where.where('g.first_name ILIKE :pattern', { pattern }).orWhere('g.last_name ILIKE :pattern').orWhere("(g.first_name || ' ' || g.last_name) ILIKE :pattern"),
        ),
      );
    }
    return query;
  }

  async get(id: number): Promise<GiftAidDeclaration> {
    const declaration = await this.declarations.findOneBy({ id });
    if (!declaration) throw AppError.notFound('The declaration');
    return declaration;
  }

  /** Every version of the declaration's chain, newest first, in one statement. */
  async versions(declaration: GiftAidDeclaration): Promise<GiftAidDeclarationVersion[]> {
    const rows: { id: number; version: number; createdAt: Date; cancelledAt: Date | null; supersededAt: Date | null }[] = await this.dataSource.manager.query(
      `WITH RECURSIVE back AS (SELECT id, previous_id FROM gift_aid_declarations WHERE id = $1
         UNION SELECT g.id, g.previous_id FROM gift_aid_declarations g JOIN back ON g.id = back.previous_id),
       forward AS (SELECT id FROM gift_aid_declarations WHERE id = $1
         UNION SELECT g.id FROM gift_aid_declarations g JOIN forward ON g.previous_id = forward.id)
       SELECT id, version, created_at AS "createdAt", cancelled_at AS "cancelledAt", superseded_at AS "supersededAt" FROM gift_aid_declarations
       WHERE id IN (SELECT id FROM back UNION SELECT id FROM forward) ORDER BY version DESC, id DESC`,
      [declaration.id],
    );
    return rows.map((row) => ({ id: row.id, version: row.version, createdAt: row.createdAt, status: declarationStatus(row) }));
  }

  /** A cancellation the donor sent in writing, by phone, e-mail or in person, from the day it takes effect. */
  async cancelForDonor(staff: AuthUser, ip: string | null, args: CancelGiftAidDeclarationForDonorArgs): Promise<GiftAidDeclaration> {
    if (args.method === CancellationMethod.Online) throw AppError.badInput('method', 'method must be Written, Phone, Email or InPerson: Online is the donor cancelling in their account');
    const id = toId(args.id);
    const today = londonDay(new Date());
    return this.dataSource.transaction(async (manager) => {
      const declaration = await manager.getRepository(GiftAidDeclaration).createQueryBuilder('g').setLock('pessimistic_write').where({ id }).getOne();
      if (!declaration) throw AppError.notFound('The declaration');
      if (declaration.cancelledAt) throw new AppError('CONFLICT', `This declaration was cancelled already, on ${londonDay(declaration.cancelledAt)}`);
      // Never before it was given: gifts made while it was in force keep it. An oral declaration cancelled within 30 days
      // of its written record is as if never made by itself (gift-aid-status.service.ts), without back-dating.
      if (Number.isNaN(Date.parse(args.cancelledOn)) || args.cancelledOn < declaration.declaredOn || args.cancelledOn > today) {
        throw AppError.badInput('cancelledOn', `cancelledOn must be a day from ${declaration.declaredOn} (when it was given) to ${today}`);
      }
      // From the start of that London day: a gift on the day the donor said stop is not covered.
      const [{ at }]: { at: Date }[] = await manager.query(`SELECT ($1::date)::timestamp AT TIME ZONE 'Europe/London' AS at`, [args.cancelledOn]);
      await this.donors.cancelIn(manager, declaration, { at, method: args.method, note: (args.note ?? '').trim(), by: staff.id });
      await this.audit.record(
        staff,
        ip,
        { action: 'gift-aid.declaration-cancelled', recordKind: 'GiftAidDeclaration', recordIds: [String(id)], detail: `${args.method}, from ${args.cancelledOn}` },
        manager,
      );
      return manager.getRepository(GiftAidDeclaration).findOneByOrFail({ id });
    });
  }

  /**
   * An oral or paper declaration for a member, recorded by staff. HMRC requires a written record of an oral one to
   * be sent to the donor: it is queued by e-mail in the same transaction, and its sending time kept.
   */
  async record(staff: AuthUser, ip: string | null, args: RecordGiftAidDeclarationArgs): Promise<GiftAidDeclaration> {
    const donor = await this.donor(args);
    const today = londonDay(new Date());
    if (Number.isNaN(Date.parse(args.declaredOn)) || args.declaredOn > today) throw AppError.badInput('declaredOn', `declaredOn must be a day up to ${today}`);
    return this.dataSource.transaction(async (manager) => {
      const declaration = await this.donors.declare(manager, donor.id, args, { source: args.source, madeOn: args.declaredOn, recordedBy: staff.id });
      if (args.source === DeclarationSource.Oral) {
        declaration.confirmationSentAt = new Date();
        await manager.getRepository(GiftAidDeclaration).update({ id: declaration.id }, { confirmationSentAt: declaration.confirmationSentAt });
        await this.mail.queue({ to: donor.email, subject: 'Your Gift Aid declaration: our written record', text: await this.writtenRecord(declaration) }, manager);
      }
      await this.audit.record(
        staff,
        ip,
        { action: 'gift-aid.declaration-recorded', recordKind: 'GiftAidDeclaration', recordIds: [String(declaration.id)], detail: `${args.source} ${args.scope}, given on ${args.declaredOn}` },
        manager,
      );
      return declaration;
    });
  }

  /** The written record of an oral declaration, as the donor was sent it. */
  async writtenRecord(declaration: GiftAidDeclaration): Promise<string> {
    return oralDeclarationRecord(declaration, (await this.site.get()).name.trim() || 'this charity');
  }

  /** The member whose declaration staff record; never an erased account, which has no one to send the written record to. */
  private async donor(args: RecordGiftAidDeclarationArgs): Promise<User> {
    const accounts = this.users.createQueryBuilder('u').where('u.erased_at IS NULL');
    if (args.userId) {
      const user = await accounts.andWhere('u.id = :id', { id: toId(args.userId, 'userId') }).getOne();
      if (!user) throw AppError.badInput('userId', 'No member account has this id (or it was deleted)');
      return user;
    }
    const email = (args.donorEmail ?? '').trim();
    if (!email) throw AppError.badInput('donorEmail', 'donorEmail or userId is required: whose declaration is it?');
    const user = await accounts.andWhere('lower(u.email) = lower(:email)', { email }).getOne();
    if (!user) throw AppError.badInput('donorEmail', 'No member account has this e-mail address');
    return user;
  }
}
