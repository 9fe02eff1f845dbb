import { useCallback, useState } from "react";
import { toFormErrors, type FormErrors } from "../../lib/graphql";
import type { MailingChoice } from "../../lib/mailing-choices";
import type { DeclarationWithGift } from "./donations";
import { useMemberGraphql, useMemberRead } from "../../lib/member-graphql";

export type RegularGiftStatus =
  "ApprovalPending" | "Active" | "Suspended" | "Cancelled" | "Expired";

export type RegularGift = {
  id: string;
  amount: number;
  currency: string;
  status: RegularGiftStatus;
  nextBillingAt: string | null;
  createdAt: string;
  cancelledAt: string | null;
  approveUrl: string | null;
};

export const REGULAR_GIFT_STATUS_LABELS: Record<RegularGiftStatus, string> = {
  ApprovalPending: "Waiting for you to agree at PayPal",
  Active: "Active",
  Suspended: "Paused by PayPal",
  Cancelled: "Cancelled",
  Expired: "Ended",
};

const GIFT_FIELDS =
  "id amount currency status nextBillingAt createdAt cancelledAt approveUrl";

const MY_REGULAR_GIFTS = `query MyRegularGifts { allRegularDonations(sortField: "createdAt", sortOrder: "DESC", perPage: 100) { ${GIFT_FIELDS} } }`;

const CREATE_REGULAR_GIFT = `mutation CreateRegularDonation($amount: Float!, $currency: String!, $giftAid: Boolean, $giftAidDeclaration: GiftAidDeclarationInput,
  $mailingChoices: [MailingChoiceInput!]) {
  createRegularDonation(amount: $amount, currency: $currency, giftAid: $giftAid, giftAidDeclaration: $giftAidDeclaration, mailingChoices: $mailingChoices) { id subscriptionID approveUrl status }
}`;

const CONFIRM_REGULAR_GIFT = `mutation ConfirmRegularDonation($subscriptionID: String!) {
  confirmRegularDonation(subscriptionID: $subscriptionID) { ${GIFT_FIELDS} }
}`;

const CANCEL_REGULAR_GIFT = `mutation CancelRegularDonation($id: ID!) { cancelRegularDonation(id: $id) { ${GIFT_FIELDS} } }`;

/** The member's regular gifts, newest first. */
export const useMyRegularGifts = () =>
  useMemberRead<{ allRegularDonations: RegularGift[] }>(MY_REGULAR_GIFTS);

/** Sets up a monthly gift on the server (which checks the amount) and sends the browser to PayPal to agree to it. */
export function useStartRegularGift() {
  const graphql = useMemberGraphql();
  const [loading, setLoading] = useState(false);
  const start = useCallback(
    async (variables: {
      amount: number;
      currency: string;
      giftAid?: boolean;
      giftAidDeclaration?: DeclarationWithGift;
      mailingChoices?: MailingChoice[];
    }): Promise<FormErrors | null> => {
      setLoading(true);
      const result = await graphql.request<{
        createRegularDonation: { approveUrl: string };
      }>(CREATE_REGULAR_GIFT, variables);
      const gift = result.data?.createRegularDonation;
      if (!gift) {
        setLoading(false);
        return toFormErrors(result.errors ?? []);
      }
      window.location.assign(gift.approveUrl);
      return null;
    },
    [graphql],
  );
  return { start, loading };
}

/** The member's gift as PayPal reports it, once they are back from agreeing to it. */
export function useConfirmRegularGift() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (subscriptionID: string) =>
      (
        await graphql.request<{ confirmRegularDonation: RegularGift }>(
          CONFIRM_REGULAR_GIFT,
          { subscriptionID },
        )
      ).data?.confirmRegularDonation,
    [graphql],
  );
}

/** Cancels a gift: answers it as it now is, or the message to show when PayPal did not stop it. */
export function useCancelRegularGift() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (id: string): Promise<RegularGift | string> => {
      const result = await graphql.request<{
        cancelRegularDonation: RegularGift;
      }>(CANCEL_REGULAR_GIFT, { id });
      return (
        result.data?.cancelRegularDonation ??
        result.errors?.[0]?.message ??
        "The gift could not be cancelled. Please try again."
      );
    },
    [graphql],
  );
}
