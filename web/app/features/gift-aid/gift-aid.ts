import { useCallback } from 'react';
import type { FormErrors } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';

export type DeclarationScope = 'ThisDonation' | 'Enduring';
export type GiftAidStatus = 'NotDeclared' | 'Eligible' | 'Claimed' | 'NeedsAdjustment' | 'Ineligible';

export const GIFT_AID_STATUS_LABELS: Record<GiftAidStatus, string> = {
  NotDeclared: 'No Gift Aid',
  Eligible: 'Gift Aid to be claimed',
  Claimed: 'Gift Aid claimed',
  NeedsAdjustment: 'Refunded after Gift Aid was claimed',
  Ineligible: 'Not eligible for Gift Aid',
};

/** Who declares, and their home address, as HMRC needs them. */
type Donor = {
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string | null;
  livesAbroad: boolean;
};

export type DeclarationForm = Donor & {
  wording: string;
  notice: string;
  /** The day the donor's last enduring declaration was cancelled, when none is in force now. */
  cancelledOn: string | null;
  /** With cancelledOn: the first day to cover when the donor paid UK tax all the time since; null when there is no gap. */
  coverSinceCancellationFrom: string | null;
};

export type Declaration = Donor & {
  id: string;
  version: number;
  scope: DeclarationScope;
  wording: string;
  effectiveFrom: string;
  createdAt: string;
  cancelledAt: string | null;
  supersededAt: string | null;
};

export type StatementGift = { id: string; paidAt: string; amount: number; currency: string; sterlingAmount: number | null; status: string; giftAidStatus: GiftAidStatus; giftAidReason: string | null };

export type GivingStatement = { taxYear: number; label: string; from: string; to: string; totals: { currency: string; amount: number }[]; donations: StatementGift[] };

/** What the donor declares, as the declaration form sends it. */
export type DeclarationInput = Donor & { scope: DeclarationScope; postcode: string; effectiveFrom?: string; amount?: number; currency?: string };

const DECLARATION_FIELD = 'giftAidDeclaration.';

/** A gift's errors as the form shows them: its declaration's fields by the form's own names (`giftAidDeclaration.postcode` → `postcode`). */
export const withDeclarationFields = (errors: FormErrors): FormErrors => ({
  ...errors,
  fields: Object.fromEntries(Object.entries(errors.fields).map(([field, message]) => [field.startsWith(DECLARATION_FIELD) ? field.slice(DECLARATION_FIELD.length) : field, message])),
});

/** The declaration as `createDonation` takes it, stored with the gift (the gift gives its amount). */
export function declarationWithGift({ amount: _amount, currency: _currency, ...declaration }: DeclarationInput) {
  return { ...declaration, postcode: declaration.livesAbroad ? null : declaration.postcode };
}

const FORM = `query GiftAidDeclarationForm($scope: GiftAidDeclarationScope!, $amount: Float, $currency: String, $effectiveFrom: String) {
  giftAidDeclarationForm(scope: $scope, amount: $amount, currency: $currency, effectiveFrom: $effectiveFrom) {
    wording notice title firstName lastName houseNameOrNumber postcode livesAbroad cancelledOn coverSinceCancellationFrom }
}`;

const DECLARATION_FIELDS = 'id version scope title firstName lastName houseNameOrNumber postcode livesAbroad wording effectiveFrom createdAt cancelledAt supersededAt';

const MINE = `query MyGiftAidDeclarations { myGiftAidDeclarations { ${DECLARATION_FIELDS} } }`;

const CANCEL = `mutation CancelGiftAidDeclaration($id: ID!) { cancelGiftAidDeclaration(id: $id) { ${DECLARATION_FIELDS} } }`;

const STATEMENTS = `query MyGivingStatements { myGivingStatements {
  taxYear label from to totals { currency amount }
  donations { id paidAt amount currency sterlingAmount status giftAidStatus giftAidReason }
} }`;

/** The wording to show (HMRC's model, from the server) and the details to start from. */
export const useDeclarationForm = (scope: DeclarationScope, amount: number | undefined, currency: string, effectiveFrom: string | undefined) =>
  useMemberRead<{ giftAidDeclarationForm: DeclarationForm }>(FORM, { scope, amount: amount ?? null, currency, ...(effectiveFrom ? { effectiveFrom } : {}) });

export const useMyDeclarations = () => useMemberRead<{ myGiftAidDeclarations: Declaration[] }>(MINE);

export function useCancelDeclaration() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (id: string): Promise<Declaration | string> => {
      const result = await graphql.request<{ cancelGiftAidDeclaration: Declaration }>(CANCEL, { id });
      return result.data?.cancelGiftAidDeclaration ?? result.errors?.[0]?.message ?? 'The declaration could not be cancelled. Please try again.';
    },
    [graphql],
  );
}

export const useGivingStatements = () => useMemberRead<{ myGivingStatements: GivingStatement[] }>(STATEMENTS);
