import { useState } from "react";
import {
  ErrorSummary,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
  useFocusFirstError,
} from "../../components/form";
import { LazyPayPalButtons } from "../../components/lazy-paypal-buttons";
import {
  DONATION_CURRENCIES,
  useCaptureDonation,
  useCreateDonationOrder,
  useDonationCheckout,
} from "../../features/donations/donations";
import { useStartRegularGift } from "../../features/donations/regular-giving";
import {
  GiftAidFieldset,
  readDeclaration,
} from "../../features/gift-aid/gift-aid-fieldset";
import {
  declarationWithGift,
  withDeclarationFields,
} from "../../features/gift-aid/gift-aid";
import type { DeclarationWithGift } from "../../features/donations/donations";
import { MailingChoices } from "../../components/mailing-choices";
import { usePublicLists } from "../../features/mailing";
import {
  mailingChoicesOf,
  type MailingChoice,
} from "../../lib/mailing-choices";
import type { FormErrors } from "../../lib/graphql";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/make-donations";
import { formText } from "../../lib/form-data";
import "./make-donations.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Give",
    "Support the work of the ministry with a donation, once or every month, in pounds or dollars, through PayPal.",
  );

type Gift = {
  amount: number;
  currency: string;
  description: string;
  giftAidDeclaration?: DeclarationWithGift;
  mailingChoices?: MailingChoice[];
};

/** The form's gift, or the errors to show when the amount is missing. */
function readGift(form: HTMLFormElement): Gift | FormErrors {
  const data = new FormData(form);
  const raw = formText(data, "amount").trim();
  const amount = Number(raw);
  if (!raw || !Number.isFinite(amount))
    return {
      fields: { amount: "Please enter the amount you would like to give" },
    };
  return {
    amount,
    currency: formText(data, "currency") || "GBP",
    description: formText(data, "description").trim(),
    ...mailingChoicesOf(data),
  };
}

const isGift = (read: Gift | FormErrors): read is Gift => "amount" in read;

export default function MakeDonations() {
  const once = useDonationCheckout();
  const monthly = useStartRegularGift();
  const createOrder = useCreateDonationOrder();
  const capture = useCaptureDonation();
  const mailingLists = usePublicLists();
  const [frequency, setFrequency] = useState<"once" | "monthly">("once");
  const [currency, setCurrency] = useState("GBP");
  const [amount, setAmount] = useState<number>();
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);

  /** The gift, with the Gift Aid declaration the server stores with it (a refused gift leaves none); or the errors to show. */
  const prepare = (element: HTMLFormElement): Gift | FormErrors => {
    const gift = readGift(element);
    if (!isGift(gift)) return gift;
    const declaration = readDeclaration(element, {
      amount: gift.amount,
      currency: gift.currency,
    });
    return declaration
      ? { ...gift, giftAidDeclaration: declarationWithGift(declaration) }
      : gift;
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const gift = prepare(event.currentTarget);
    setErrors(isGift(gift) ? null : gift);
    if (!isGift(gift)) return;
    const failure =
      frequency === "monthly"
        ? await monthly.start({
            amount: gift.amount,
            currency: gift.currency,
            giftAidDeclaration: gift.giftAidDeclaration,
            mailingChoices: gift.mailingChoices,
          })
        : await once.start(gift);
    if (failure) setErrors(withDeclarationFields(failure));
  };

  /** For PayPal's buttons: the one-off donation created on the server, as the redirect button would. */
  const createForButtons = async (): Promise<string | undefined> => {
    const gift = prepare(form.current!);
    if (!isGift(gift)) {
      setErrors(gift);
      return undefined;
    }
    const created = await createOrder(gift);
    setErrors("orderID" in created ? null : withDeclarationFields(created));
    return "orderID" in created ? created.orderID : undefined;
  };

  const loading = once.loading || monthly.loading;
  return (
    <>
      <h1>Give</h1>
      <p className="lead">
        Thank you for supporting the ministry. Your gift helps us care for
        people, share the gospel and serve London.
      </p>
      <form
        noValidate
        ref={form}
        onSubmit={(event) => void submit(event)}
        className="form-card"
      >
        <ErrorSummary errors={errors} />
        <fieldset className="frequency">
          <legend>How often would you like to give?</legend>
          <label>
            <input
              type="radio"
              name="frequency"
              value="once"
              checked={frequency === "once"}
              onChange={() => setFrequency("once")}
            />{" "}
            Give once
          </label>
          <label>
            <input
              type="radio"
              name="frequency"
              value="monthly"
              checked={frequency === "monthly"}
              onChange={() => setFrequency("monthly")}
            />{" "}
            Give monthly
          </label>
        </fieldset>
        <div className="field-row">
          <TextField
            name="amount"
            label={frequency === "monthly" ? "Amount each month" : "Amount"}
            type="number"
            inputMode="decimal"
            min="1"
            step="0.01"
            required
            error={errors?.fields.amount}
            onChange={(event) =>
              setAmount(
                Number(event.target.value) > 0
                  ? Number(event.target.value)
                  : undefined,
              )
            }
          />
          <SelectField
            name="currency"
            label="Currency"
            options={DONATION_CURRENCIES}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            error={errors?.fields.currency}
          />
        </div>
        {frequency === "monthly" ? (
          <p className="hint">
            PayPal takes your gift today and then every month, until you cancel
            it in My giving.
          </p>
        ) : (
          <TextArea
            name="description"
            label="What is your gift for? (optional)"
            rows={3}
            hint="For example: tithe, offering, building fund."
            error={errors?.fields.description}
          />
        )}
        <GiftAidFieldset
          amount={frequency === "monthly" ? undefined : amount}
          currency={currency}
          enduringOnly={frequency === "monthly"}
          errors={errors}
        />
        <MailingChoices
          lists={mailingLists}
          error={errors?.fields.mailingChoices}
        />
        <SubmitButton pending={loading} pendingLabel="Taking you to PayPal…">
          {frequency === "monthly"
            ? "Give monthly with PayPal"
            : "Donate with PayPal"}
        </SubmitButton>
      </form>
      {frequency === "once" && (
        <LazyPayPalButtons
          currency={currency}
          createOrder={createForButtons}
          capture={capture}
          successPath="/user/donation-payment-success"
          disabled={loading}
        />
      )}
    </>
  );
}
