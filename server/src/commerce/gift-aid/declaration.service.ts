import { Injectable } from '@nestjs/common';
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import { isValid, toNormalised } from 'postcode';
import { Brackets, DataSource, EntityManager, IsNull, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { requireOwner } from '../../access/ownership.js';
import { AuditService } from '../../audit/index.js';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { applyListPage, ListArgs, ListOptions, toId } from '../../common/list.js';
import { MailService } from '../../mail/index.js';
import { SiteSettingsService } from '../../site/index.js';
import { decimalToMinor } from '../money.js';
import { CancellationMethod, DeclarationSource, GiftAidDeclaration } from './declaration.entity.js';
import {
  DeclarationStatus,
  type CancelGiftAidDeclarationForDonorArgs,
  type CreateGiftAidDeclarationArgs,
  type DeclarationDetails,
  type GiftAidDeclarationFilter,
  type GiftAidWordingArgs,
  type RecordGiftAidDeclarationArgs,
} from './dto/gift-aid.args.js';
import { londonDay, shiftYears } from './tax-year.js';
import { DECLARATION_NOTICE, DeclarationScope, declarationWording, oralDeclarationRecord, WORDING_VERSION, type Donated, type PastCovered } from './wording.js';

@ObjectType({ description: 'The declaration form: the exact wording to show, and the donor details to start from' })
export class GiftAidDeclarationForm {
  @Field() wordingVersion: string;
  @Field() wording: string;
  @Field({ description: 'How to cancel, or tell the charity of a new name or address' }) notice: string;
  @Field() title: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field() houseNameOrNumber: string;
  @Field(() => String, { nullable: true }) postcode: string | null;
  @Field() livesAbroad: boolean;
  @Field(() => String, {
    nullable: true,
    description: "The day the donor's last enduring declaration was cancelled, when none is in force: a new one covers gifts from the day it is made unless they paid UK tax since",
  })
  cancelledOn: string | null;
  @Field(() => String, { nullable: true, description: 'With cancelledOn: the effectiveFrom to send when the donor paid UK tax for all of the time since; null when there is no gap before today' })
  coverSinceCancellationFrom: string | null;
}

@ObjectType({ description: "One version of a declaration's chain, as its page lists them" })
export class GiftAidDeclarationVersion {
  @Field(() => ID) id: number;
  @Field(() => Int) version: number;
  @Field(() => DeclarationStatus) status: DeclarationStatus;
  @Field() createdAt: Date;
}

/** A UK postcode, normalised (sw1a1aa → SW1A 1AA), or a 400 naming `postcode`. */
export function ukPostcode(postcode: string | undefined): string {
  const text = (postcode ?? '').trim();
  if (!text) throw AppError.badInput('postcode', 'postcode is required (or choose "UK taxpayer living abroad")');
  if (!isValid(text)) throw AppError.badInput('postcode', 'postcode is not a UK postcode');
  return toNormalised(text)!;
}

/** How a declaration is being made, beyond the donor's details. */
interface Declaring {
  source: DeclarationSource;
  /** The London day the donor gave it: the four-year window and a cancellation's gap count from it. */
  madeOn: string;
  recordedBy: number | null;
  gift?: Donated;
}

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

export const declarationStatus = (declaration: Pick<GiftAidDeclaration, 'cancelledAt' | 'supersededAt'>): DeclarationStatus =>
  declaration.cancelledAt ? DeclarationStatus.Cancelled : declaration.supersededAt ? DeclarationStatus.Superseded : DeclarationStatus.InForce;

/** The next London day after `day`. */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const sameDetails = (declaration: GiftAidDeclaration, details: ReturnType<typeof normalised>): boolean =>
  declaration.title === details.title &&
  declaration.firstName === details.firstName &&
  declaration.lastName === details.lastName &&
  declaration.houseNameOrNumber === details.houseNameOrNumber &&
  declaration.postcode === details.postcode &&
  declaration.livesAbroad === details.livesAbroad;

/** The donor's details as stored; a 400 naming the field when the postcode is not a UK one. */
function normalised(details: DeclarationDetails) {
  const livesAbroad = details.livesAbroad ?? false;
  return {
    title: (details.title ?? '').trim(),
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    houseNameOrNumber: details.houseNameOrNumber.trim(),
    postcode: livesAbroad ? null : ukPostcode(details.postcode),
    livesAbroad,
  };
}

/** Members' Gift Aid declarations: made online or recorded by staff, versioned when the name or address changes, cancelled. */
@Injectable()
export class GiftAidDeclarationService {
  constructor(
    @InjectRepository(GiftAidDeclaration) private readonly declarations: Repository<GiftAidDeclaration>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly site: SiteSettingsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  mine(caller: AuthUser): Promise<GiftAidDeclaration[]> {
    return this.declarations.find({ where: { userId: caller.id }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The wording for the charity, and details from the last declaration, else from the profile (never from PayPal). */
  async form(caller: AuthUser, args: GiftAidWordingArgs): Promise<GiftAidDeclarationForm> {
    const today = londonDay(new Date());
    const cancelledOn = await this.cancelledOn(this.dataSource.manager, caller.id);
    // Worded as `declare` will store it: a new version goes on covering what the one in force covers.
    const current = args.scope === DeclarationScope.Enduring ? await this.declarations.findOneBy({ userId: caller.id, scope: DeclarationScope.Enduring, cancelledAt: IsNull(), supersededAt: IsNull() }) : null;
    const effectiveFrom = this.effectiveFrom(args.scope, args.effectiveFrom, today, cancelledOn, current);
    const wording = await this.wordingFor(args.scope, effectiveFrom, today, this.gift(args));
    const gap = { cancelledOn, coverSinceCancellationFrom: cancelledOn && this.sinceCancellation(cancelledOn, today) };
    const last = await this.declarations.findOne({ where: { userId: caller.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    if (last) {
      const { title, firstName, lastName, houseNameOrNumber, postcode, livesAbroad } = last;
      return { ...wording, ...gap, title, firstName, lastName, houseNameOrNumber, postcode, livesAbroad };
    }
    const user = await this.users.findOneByOrFail({ id: caller.id });
    // A profile address starting with a number ("12 Church Street") gives the house number; else the donor types it.
    const house = /^\s*(\d+[A-Za-z]?)\b/.exec(user.address)?.[1] ?? '';
    return { ...wording, ...gap, title: user.title, firstName: user.firstname.slice(0, 35), lastName: user.lastname.slice(0, 35), houseNameOrNumber: house, postcode: null, livesAbroad: false };
  }

  /** The first day a declaration after a cancellation may cover when the donor paid tax since (within the four years); null when there is no gap before today. */
  private sinceCancellation(cancelledOn: string, today: string): string | null {
    const from = nextDay(cancelledOn);
    const earliest = shiftYears(today, -4);
    return from >= today ? null : from < earliest ? earliest : from;
  }

  private async wordingFor(scope: DeclarationScope, effectiveFrom: string, madeOn: string, gift?: Donated) {
    const charity = (await this.site.get()).name.trim() || 'this charity';
    const past: PastCovered = effectiveFrom >= madeOn ? 'none' : effectiveFrom <= shiftYears(madeOn, -4) ? 'four-years' : { since: effectiveFrom };
    return { wordingVersion: WORDING_VERSION, wording: declarationWording(scope, charity, gift, past), notice: DECLARATION_NOTICE };
  }

  /** The donor's own declaration online, with the exact text shown. */
  create(caller: AuthUser, args: CreateGiftAidDeclarationArgs): Promise<GiftAidDeclaration> {
    const gift = this.gift(args);
    return this.dataSource.transaction((manager) => this.declare(manager, caller.id, args, { source: DeclarationSource.Online, madeOn: londonDay(new Date()), recordedBy: null, gift }));
  }

  private gift(args: GiftAidWordingArgs): Donated | undefined {
    if (args.amount === undefined || args.amount === null) return undefined;
    const amountMinor = decimalToMinor(args.amount);
    if (amountMinor === undefined) throw AppError.badInput('amount', 'amount must have at most two decimals');
    if (amountMinor <= 0) throw AppError.badInput('amount', 'amount must be more than 0');
    return { amountMinor, currency: args.currency ?? 'GBP' };
  }

  /**
   * Stores a declaration in `manager`'s transaction, so a caller's refusal stores nothing. A new enduring declaration
   * while one is in force is its next version (the old one kept, covering the gifts made before now), except that
   * the same details given again online change nothing.
   */
  async declare(manager: EntityManager, userId: number, details: DeclarationDetails, how: Declaring): Promise<GiftAidDeclaration> {
    const donor = normalised(details);
    const repository = manager.getRepository(GiftAidDeclaration);
    const current =
      details.scope === DeclarationScope.Enduring
        ? await repository
            .createQueryBuilder('g')
            .setLock('pessimistic_write')
            .where({ userId, scope: DeclarationScope.Enduring, cancelledAt: IsNull(), supersededAt: IsNull() })
            .getOne()
        : null;
    const cancelledOn = current ? null : await this.cancelledOn(manager, userId);
    const effectiveFrom = this.effectiveFrom(details.scope, details.effectiveFrom, how.madeOn, cancelledOn, current);
    if (current && how.source === DeclarationSource.Online && sameDetails(current, donor) && effectiveFrom === current.effectiveFrom) return current;
    const { wording, wordingVersion } = await this.wordingFor(details.scope, effectiveFrom, how.madeOn, how.gift);
    const now = new Date();
    if (current) await repository.update({ id: current.id }, { supersededAt: now });
    return repository.save(
      repository.create({
        userId,
        version: current ? current.version + 1 : 1,
        previousId: current?.id ?? null,
        scope: details.scope,
        ...donor,
        wordingVersion,
        wording,
        effectiveFrom,
        source: how.source,
        declaredOn: how.madeOn,
        recordedBy: how.recordedBy,
        createdAt: now,
      }),
    );
  }

  /** `declare` for a declaration sent inside a gift's input: a problem names its field as that input's, `giftAidDeclaration.postcode`. */
  async declareWithGift(manager: EntityManager, userId: number, details: DeclarationDetails, how: Declaring): Promise<GiftAidDeclaration> {
    try {
      return await this.declare(manager, userId, details, how);
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_USER_INPUT' && error.field) throw AppError.badInput(`giftAidDeclaration.${error.field}`, error.message);
      throw error;
    }
  }

  /** The London day the donor's last enduring declaration was cancelled, when none is in force; else null. */
  private async cancelledOn(manager: EntityManager, userId: number): Promise<string | null> {
    const [row]: { day: string | null }[] = await manager.query(
      `SELECT CASE WHEN bool_or(cancelled_at IS NULL AND superseded_at IS NULL) THEN NULL
         ELSE to_char(max(cancelled_at) AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') END AS day
       FROM gift_aid_declarations WHERE user_id = $1 AND scope = 'Enduring'`,
      [userId],
    );
    return row?.day ?? null;
  }

  /**
   * The first day a declaration covers. Asked for: at most four years before it is made. Not asked for: a new
   * version goes on covering what the one it replaces covered; after a cancellation, the day it is made (the donor
   * may have paid no tax in between); else four years back, as HMRC's model declaration says.
   */
  private effectiveFrom(scope: DeclarationScope, asked: string | undefined, madeOn: string, cancelledOn: string | null, current: GiftAidDeclaration | null): string {
    if (scope === DeclarationScope.ThisDonation) {
      if (asked) throw AppError.badInput('effectiveFrom', 'effectiveFrom is for enduring declarations only');
      return madeOn;
    }
    const earliest = shiftYears(madeOn, -4);
    if (asked) {
      if (Number.isNaN(Date.parse(asked)) || asked < earliest || asked > madeOn) throw AppError.badInput('effectiveFrom', `effectiveFrom must be a day from ${earliest} to ${madeOn}`);
      return asked;
    }
    if (current) return current.effectiveFrom;
    return cancelledOn ? madeOn : earliest;
  }

  /** Cancels a declaration of the caller (an enduring one with all its versions) from now on; earlier gifts keep it. */
  async cancel(caller: AuthUser, id: number): Promise<GiftAidDeclaration> {
    const declaration = requireOwner(caller, await this.declarations.findOneBy({ id }), (found) => found.userId, 'The declaration');
    if (declaration.cancelledAt) return declaration;
    const now = new Date();
    await this.dataSource.transaction((manager) => this.cancelIn(manager, declaration, { at: now, method: CancellationMethod.Online, note: '', by: caller.id }));
    return this.declarations.findOneByOrFail({ id });
  }

  /** Marks the declaration (an enduring one with all its versions) cancelled from `at`. */
  private async cancelIn(manager: EntityManager, declaration: GiftAidDeclaration, cancellation: { at: Date; method: CancellationMethod; note: string; by: number }) {
    const repository = manager.getRepository(GiftAidDeclaration);
    const fields = { cancelledAt: cancellation.at, cancellationMethod: cancellation.method, cancellationNote: cancellation.note, cancelledBy: cancellation.by, cancellationRecordedAt: new Date() };
    await repository.update({ id: declaration.id, cancelledAt: IsNull() }, fields);
    if (declaration.scope === DeclarationScope.Enduring && declaration.userId) {
      await repository.update({ userId: declaration.userId, scope: DeclarationScope.Enduring, cancelledAt: IsNull() }, fields);
    }
  }

  /**
   * The declaration a new gift the donor asks Gift Aid on is made under: one made for a single gift and not used
   * yet (not for a monthly gift, `enduringOnly`), else the enduring one in force. Without one, no Gift Aid.
   */
  async forNewGift(userId: number, enduringOnly = false): Promise<number> {
    const single = enduringOnly ? 'false' : `(g.scope = 'ThisDonation' AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.gift_aid_declaration_id = g.id))`;
    const found = await this.declarations
      .createQueryBuilder('g')
      .where('g.user_id = :userId AND g.cancelled_at IS NULL AND g.superseded_at IS NULL', { userId })
      .andWhere(`(${single} OR (g.scope = 'Enduring' AND g.effective_from <= CAST(:today AS date)))`, { today: londonDay(new Date()) })
      .orderBy("(g.scope = 'ThisDonation')", 'DESC')
      .addOrderBy('g.created_at', 'DESC')
      .getOne();
    if (!found) throw AppError.badInput('giftAid', 'Make a Gift Aid declaration first: no declaration covers this gift');
    return found.id;
  }

  // Staff: Finance reads every declaration, records cancellations and oral or paper declarations.

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
      await this.cancelIn(manager, declaration, { at, method: args.method, note: (args.note ?? '').trim(), by: staff.id });
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
      const declaration = await this.declare(manager, donor.id, args, { source: args.source, madeOn: args.declaredOn, recordedBy: staff.id });
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
