import { formatMoney } from '../money.js';

export enum DeclarationScope {
  ThisDonation = 'ThisDonation',
  Enduring = 'Enduring',
}

/**
 * HMRC's model Gift Aid declarations (single donation, and multiple donations past and future). The version is
 * stored with each declaration beside the exact text the donor saw, so a new wording never rewrites an old one.
 */
export const WORDING_VERSION = 'hmrc-model-2024';

/** What the donor is told after the declaration, as HMRC's model asks. */
export const DECLARATION_NOTICE =
  'Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay ' +
  'sufficient tax on your income and/or capital gains. You can cancel an enduring declaration at any time under ' +
  '"My giving" in your account, or by writing to us.';

export interface Donated {
  amountMinor: number;
  currency: string;
}

/** The declaration's text for a charity, with the gift's amount when it is made with a donation. */
export function declarationWording(scope: DeclarationScope, charity: string, gift?: Donated): string {
  const donation = gift ? `my donation of ${formatMoney(gift.amountMinor, gift.currency)}` : undefined;
  const what =
    scope === DeclarationScope.ThisDonation
      ? (donation ?? 'my donation')
      : donation
        ? `${donation} and any donations I make in the future or have made in the past 4 years`
        : 'any donations I make in the future or have made in the past 4 years';
  const when = scope === DeclarationScope.ThisDonation ? 'in the current tax year' : 'in that tax year';
  return (
    `I want to Gift Aid ${what} to ${charity}. I am a UK taxpayer and understand that if I pay less Income Tax ` +
    `and/or Capital Gains Tax ${when} than the amount of Gift Aid claimed on all my donations it is my ` +
    `responsibility to pay any difference.`
  );
}
