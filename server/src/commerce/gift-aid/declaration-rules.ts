import { isValid, toNormalised } from 'postcode';
import { AppError } from '../../common/app-error.js';
import type { GiftAidDeclaration } from './declaration.entity.js';
import { DeclarationStatus, type DeclarationDetails } from './dto/gift-aid.args.js';
import { shiftYears } from './tax-year.js';
import { DeclarationScope } from './wording.js';

/** A UK postcode, normalised (sw1a1aa → SW1A 1AA), or a 400 naming `postcode`. */
export function ukPostcode(postcode: string | undefined): string {
  const text = (postcode ?? '').trim();
  if (!text) throw AppError.badInput('postcode', 'postcode is required (or choose "UK taxpayer living abroad")');
  if (!isValid(text)) throw AppError.badInput('postcode', 'postcode is not a UK postcode');
  return toNormalised(text)!;
}

export const declarationStatus = (declaration: Pick<GiftAidDeclaration, 'cancelledAt' | 'supersededAt'>): DeclarationStatus =>
  declaration.cancelledAt ? DeclarationStatus.Cancelled : declaration.supersededAt ? DeclarationStatus.Superseded : DeclarationStatus.InForce;

/** The next London day after `day`. */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const sameDetails = (declaration: GiftAidDeclaration, details: ReturnType<typeof normalised>): boolean =>
  declaration.title === details.title &&
  declaration.firstName === details.firstName &&
  declaration.lastName === details.lastName &&
  declaration.houseNameOrNumber === details.houseNameOrNumber &&
  declaration.postcode === details.postcode &&
  declaration.livesAbroad === details.livesAbroad;

/** The donor's details as stored; a 400 naming the field when the postcode is not a UK one. */
export function normalised(details: DeclarationDetails) {
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

/** The first day a declaration after a cancellation may cover when the donor paid tax since (within the four years); null when there is no gap before today. */
export function sinceCancellation(cancelledOn: string, today: string): string | null {
  const from = nextDay(cancelledOn);
  const earliest = shiftYears(today, -4);
  return from >= today ? null : from < earliest ? earliest : from;
}

/**
 * The first day a declaration covers. Asked for: at most four years before it is made. Not asked for: a new
 * version goes on covering what the one it replaces covered; after a cancellation, the day it is made (the donor
 * may have paid no tax in between); else four years back, as HMRC's model declaration says.
 */
export function firstCoveredDay(scope: DeclarationScope, asked: string | undefined, madeOn: string, cancelledOn: string | null, current: GiftAidDeclaration | null): string {
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
