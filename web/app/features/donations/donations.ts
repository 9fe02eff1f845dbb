import { useCallback } from 'react';
import type { FormErrors } from '../../lib/graphql';
import { isCheckout, useCreatePayPalOrder, usePayPalCapture, usePayPalCheckout } from '../../lib/pending-checkout';

/** Spec §9: donations in GBP or USD. */
export const DONATION_CURRENCIES = [
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'USD', label: 'USD ($)' },
];

const CREATE_DONATION = `mutation CreateDonation($amount: Float!, $currency: String!, $description: String, $giftAid: Boolean, $giftAidDeclaration: GiftAidDeclarationInput,
  $mailingChoices: [MailingChoiceInput!]) {
  createDonation(amount: $amount, currency: $currency, description: $description, giftAid: $giftAid, giftAidDeclaration: $giftAidDeclaration,
    mailingChoices: $mailingChoices) { id orderID approveUrl status }
}`;

const CAPTURE_DONATION = `mutation CaptureDonation($orderID: String!) {
  captureDonation(orderID: $orderID) { status message }
}`;

/** A Gift Aid declaration made with the gift, stored with it by the server (or, if the gift is refused, not at all). */
export type DeclarationWithGift = {
  scope: 'ThisDonation' | 'Enduring';
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string | null;
  livesAbroad: boolean;
  effectiveFrom?: string;
};

type DonationVariables = {
  amount: number;
  currency: string;
  description: string;
  giftAid?: boolean;
  giftAidDeclaration?: DeclarationWithGift;
  /** One for every list box the form showed, ticked or not. */
  mailingChoices?: { listId: string; ticked: boolean }[];
};

/** Creates the donation on the server (which checks the amount) and sends the browser to approve it. */
export const useDonationCheckout = () => usePayPalCheckout<DonationVariables>(CREATE_DONATION, 'createDonation');

/** For PayPal's buttons: creates the donation and answers its PayPal order id, or the errors to show. */
export function useCreateDonationOrder() {
  const create = useCreatePayPalOrder<DonationVariables>(CREATE_DONATION, 'createDonation');
  return useCallback(async (variables: DonationVariables): Promise<{ orderID: string } | FormErrors> => {
    const answer = await create(variables);
    return isCheckout(answer) ? { orderID: answer.orderID } : answer;
  }, [create]);
}

export const useCaptureDonation = () => usePayPalCapture(CAPTURE_DONATION, 'captureDonation');
