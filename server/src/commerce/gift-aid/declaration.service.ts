import { Injectable } from '@nestjs/common';
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { requireOwner } from '../../access/ownership.js';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { SiteSettingsService } from '../../site/index.js';
import { decimalToMinor } from '../money.js';
import { CancellationMethod, DeclarationSource, GiftAidDeclaration } from './declaration.entity.js';
import { firstCoveredDay, normalised, sameDetails, sinceCancellation } from './declaration-rules.js';
import { DeclarationStatus, type CreateGiftAidDeclarationArgs, type DeclarationDetails, type GiftAidWordingArgs } from './dto/gift-aid.args.js';
import { londonDay, shiftYears } from './tax-year.js';
import { DECLARATION_NOTICE, DeclarationScope, declarationWording, WORDING_VERSION, type Donated, type PastCovered } from './wording.js';

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

/** How a declaration is being made, beyond the donor's details. */
export interface Declaring {
  source: DeclarationSource;
  /** The London day the donor gave it: the four-year window and a cancellation's gap count from it. */
  madeOn: string;
  recordedBy: number | null;
  gift?: Donated;
}

/** Members' Gift Aid declarations: made online (or as staff record them), versioned when the name or address changes, cancelled. */
@Injectable()
export class GiftAidDeclarationService {
  constructor(
    @InjectRepository(GiftAidDeclaration) private readonly declarations: Repository<GiftAidDeclaration>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly site: SiteSettingsService,
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
    const effectiveFrom = firstCoveredDay(args.scope, args.effectiveFrom, today, cancelledOn, current);
    const wording = await this.wordingFor(args.scope, effectiveFrom, today, this.gift(args));
    const gap = { cancelledOn, coverSinceCancellationFrom: cancelledOn && sinceCancellation(cancelledOn, today) };
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
    const effectiveFrom = firstCoveredDay(details.scope, details.effectiveFrom, how.madeOn, cancelledOn, current);
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

  /** Cancels a declaration of the caller (an enduring one with all its versions) from now on; earlier gifts keep it. */
  async cancel(caller: AuthUser, id: number): Promise<GiftAidDeclaration> {
    const declaration = requireOwner(caller, await this.declarations.findOneBy({ id }), (found) => found.userId, 'The declaration');
    if (declaration.cancelledAt) return declaration;
    const now = new Date();
    await this.dataSource.transaction((manager) => this.cancelIn(manager, declaration, { at: now, method: CancellationMethod.Online, note: '', by: caller.id }));
    return this.declarations.findOneByOrFail({ id });
  }

  /** Marks the declaration (an enduring one with all its versions) cancelled from `at`. */
  async cancelIn(manager: EntityManager, declaration: GiftAidDeclaration, cancellation: { at: Date; method: CancellationMethod; note: string; by: number }) {
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
}
