import { Injectable } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import { isValid, toNormalised } from 'postcode';
import { DataSource, IsNull, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { requireOwner } from '../../access/ownership.js';
import { User } from '../../auth/entities/user.entity.js';
import { AppError } from '../../common/app-error.js';
import { SiteSettingsService } from '../../site/site-settings.service.js';
import { decimalToMinor } from '../money.js';
import { GiftAidDeclaration } from './declaration.entity.js';
import type { CreateGiftAidDeclarationArgs, GiftAidWordingArgs } from './dto/gift-aid.args.js';
import { londonDay, shiftYears } from './tax-year.js';
import { DECLARATION_NOTICE, DeclarationScope, declarationWording, WORDING_VERSION } from './wording.js';

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
}

/** A UK postcode, normalised (sw1a1aa → SW1A 1AA), or a 400 naming `postcode`. */
export function ukPostcode(postcode: string | undefined): string {
  const text = (postcode ?? '').trim();
  if (!text) throw AppError.badInput('postcode', 'postcode is required (or choose "UK taxpayer living abroad")');
  if (!isValid(text)) throw AppError.badInput('postcode', 'postcode is not a UK postcode');
  return toNormalised(text)!;
}

/** Members' Gift Aid declarations: made, versioned when the name or address changes, cancelled. */
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
    const wording = await this.wording(args);
    const last = await this.declarations.findOne({ where: { userId: caller.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    if (last) {
      const { title, firstName, lastName, houseNameOrNumber, postcode, livesAbroad } = last;
      return { ...wording, title, firstName, lastName, houseNameOrNumber, postcode, livesAbroad };
    }
    const user = await this.users.findOneByOrFail({ id: caller.id });
    // A profile address starting with a number ("12 Church Street") gives the house number; else the donor types it.
    const house = /^\s*(\d+[A-Za-z]?)\b/.exec(user.address)?.[1] ?? '';
    return { ...wording, title: user.title, firstName: user.firstname.slice(0, 35), lastName: user.lastname.slice(0, 35), houseNameOrNumber: house, postcode: null, livesAbroad: false };
  }

  private async wording(args: GiftAidWordingArgs) {
    const amountMinor = args.amount === undefined || args.amount === null ? undefined : decimalToMinor(args.amount);
    if (amountMinor !== undefined && amountMinor <= 0) throw AppError.badInput('amount', 'amount must be more than 0');
    if (args.amount !== undefined && args.amount !== null && amountMinor === undefined) throw AppError.badInput('amount', 'amount must have at most two decimals');
    const gift = amountMinor === undefined ? undefined : { amountMinor, currency: args.currency ?? 'GBP' };
    const charity = (await this.site.get()).name.trim() || 'this charity';
    return { wordingVersion: WORDING_VERSION, wording: declarationWording(args.scope, charity, gift), notice: DECLARATION_NOTICE };
  }

  /**
   * Stores a declaration with the exact text shown. A new enduring declaration while one is in force is its next
   * version: the old one is kept, and covers the gifts made before now.
   */
  async create(caller: AuthUser, args: CreateGiftAidDeclarationArgs): Promise<GiftAidDeclaration> {
    const livesAbroad = args.livesAbroad ?? false;
    const postcode = livesAbroad ? null : ukPostcode(args.postcode);
    const today = londonDay(new Date());
    const effectiveFrom = this.effectiveFrom(args, today);
    const { wording, wordingVersion } = await this.wording(args);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(GiftAidDeclaration);
      const current =
        args.scope === DeclarationScope.Enduring
          ? await repository
              .createQueryBuilder('g')
              .setLock('pessimistic_write')
              .where({ userId: caller.id, scope: DeclarationScope.Enduring, cancelledAt: IsNull(), supersededAt: IsNull() })
              .getOne()
          : null;
      const now = new Date();
      if (current) {
        current.supersededAt = now;
        await repository.save(current);
      }
      return repository.save(
        repository.create({
          userId: caller.id,
          version: current ? current.version + 1 : 1,
          previousId: current?.id ?? null,
          scope: args.scope,
          title: (args.title ?? '').trim(),
          firstName: args.firstName.trim(),
          lastName: args.lastName.trim(),
          houseNameOrNumber: args.houseNameOrNumber.trim(),
          postcode,
          livesAbroad,
          wordingVersion,
          wording,
          // A new version goes on covering what the one it replaces covered.
          effectiveFrom: current && !args.effectiveFrom ? current.effectiveFrom : effectiveFrom,
          createdAt: now,
        }),
      );
    });
  }

  private effectiveFrom(args: CreateGiftAidDeclarationArgs, today: string): string {
    if (args.scope === DeclarationScope.ThisDonation) {
      if (args.effectiveFrom) throw AppError.badInput('effectiveFrom', 'effectiveFrom is for enduring declarations only');
      return today;
    }
    const earliest = shiftYears(today, -4);
    const from = args.effectiveFrom ?? earliest;
    if (Number.isNaN(Date.parse(from)) || from < earliest || from > today) {
      throw AppError.badInput('effectiveFrom', `effectiveFrom must be a day from ${earliest} to ${today}`);
    }
    return from;
  }

  /** Cancels a declaration of the caller (an enduring one with all its versions) from now on; earlier gifts keep it. */
  async cancel(caller: AuthUser, id: number): Promise<GiftAidDeclaration> {
    const declaration = requireOwner(caller, await this.declarations.findOneBy({ id }), (found) => found.userId, 'The declaration');
    if (declaration.cancelledAt) return declaration;
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(GiftAidDeclaration);
      await repository.update({ id, cancelledAt: IsNull() }, { cancelledAt: now });
      if (declaration.scope === DeclarationScope.Enduring) {
        await repository.update({ userId: caller.id, scope: DeclarationScope.Enduring, cancelledAt: IsNull() }, { cancelledAt: now });
      }
    });
    return this.declarations.findOneByOrFail({ id });
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
      .andWhere(`(${single} OR (g.scope = 'Enduring' AND g.effective_from <= CURRENT_DATE))`)
      .orderBy("(g.scope = 'ThisDonation')", 'DESC')
      .addOrderBy('g.created_at', 'DESC')
      .getOne();
    if (!found) throw AppError.badInput('giftAid', 'Make a Gift Aid declaration first: no declaration covers this gift');
    return found.id;
  }
}
