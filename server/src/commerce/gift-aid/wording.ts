import { formatMoney } from '../money.js';
import { londonDay as londonDayOf } from './tax-year.js';

export enum DeclarationScope {
  ThisDonation = 'ThisDonation',
  Enduring = 'Enduring',
}

/**
 * HMRC's model Gift Aid declarations (single donation, and multiple donations past and future), with HMRC's condition
 * that donors give their own money (Charities guidance, chapter 3.2). The version is stored with each declaration
 * beside the exact text the donor saw, so a new wording never rewrites an old one.
 */
export const WORDING_VERSION = 'hmrc-model-2026';

/** HMRC: donors must donate their own money; a company's, a collection's or someone else's gift is not Gift Aided. */
export const OWN_MONEY = "I am giving my own money, not a company's, a group's or someone else's.";

/** What the donor is told after the declaration, as HMRC's model asks: how to cancel or tell of changes, and higher-rate relief. */
export const DECLARATION_NOTICE =
  'Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay ' +
  'sufficient tax on your income and/or capital gains. You can cancel an enduring declaration at any time under ' +
  '"My giving" in your account, or by writing to us, telephoning or e-mailing us. If you pay Income Tax at the ' +
  'higher or additional rate and want to receive the additional tax relief due to you, you must include all your ' +
  'Gift Aid donations on your Self-Assessment tax return or ask HM Revenue and Customs to adjust your tax code.';

export interface Donated {
  amountMinor: number;
  currency: string;
}

/** What past gifts an enduring declaration covers: HMRC's four years, none (from the day it is made), or from a day. */
export type PastCovered = 'four-years' | 'none' | { since: string };

const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The declaration's text for a charity, with the gift's amount when it is made with a donation. */
export function declarationWording(scope: DeclarationScope, charity: string, gift?: Donated, past: PastCovered = 'four-years'): string {
  const donation = gift ? `my donation of ${formatMoney(gift.amountMinor, gift.currency)}` : undefined;
  const others =
    past === 'four-years'
      ? 'any donations I make in the future or have made in the past 4 years'
      : past === 'none'
        ? 'any donations I make in the future'
        : `any donations I make in the future or have made since ${longDay(past.since)}`;
  const what = scope === DeclarationScope.ThisDonation ? (donation ?? 'my donation') : donation ? `${donation} and ${others}` : others;
  const when = scope === DeclarationScope.ThisDonation ? 'in the current tax year' : 'in that tax year';
  return (
    `I want to Gift Aid ${what} to ${charity}. I am a UK taxpayer and understand that if I pay less Income Tax ` +
    `and/or Capital Gains Tax ${when} than the amount of Gift Aid claimed on all my donations it is my ` +
    `responsibility to pay any difference. ${OWN_MONEY}`
  );
}

/**
 * HMRC's written record of an oral declaration, sent to the donor: what they declared, the day they gave it, the day
 * the record was sent, and their right to cancel within 30 days of it (then as if never made).
 */
export function oralDeclarationRecord(
  declaration: { title: string; firstName: string; lastName: string; houseNameOrNumber: string; postcode: string | null; declaredOn: string; wording: string; confirmationSentAt: Date | null },
  charity: string,
): string {
  const name = [declaration.title, declaration.firstName, declaration.lastName].filter(Boolean).join(' ');
  const sent = londonDayOf(declaration.confirmationSentAt ?? new Date());
  return [
    `Dear ${name},`,
    '',
    `On ${longDay(declaration.declaredOn)} you told us you want ${charity} to claim Gift Aid on your donations. This is our written record of what you declared:`,
    '',
    `"${declaration.wording}"`,
    '',
    `Name: ${name}`,
    `Home address: ${declaration.postcode ? `${declaration.houseNameOrNumber}, ${declaration.postcode}` : declaration.houseNameOrNumber}`,
    `Declaration given: ${longDay(declaration.declaredOn)}, by telephone or in person`,
    `This record sent: ${longDay(sent)}`,
    '',
    `You may cancel this declaration within 30 days of ${longDay(sent)}: it will then be as if you never made it. ` +
      'After that you may cancel it at any time for future gifts.',
    DECLARATION_NOTICE,
  ].join('\n');
}
