import { useState } from 'react';
import { FormAlert, SelectField, SubmitButton, TextArea, TextField, useFocusFirstError } from '../../components/form';
import { DONATION_CURRENCIES, useDonationCheckout } from '../../features/donations/donations';
import type { FormErrors } from '../../lib/graphql';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/make-donations';
import { formText } from '../../lib/form-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Give', 'Support the work of the ministry with a donation, in pounds or dollars, through PayPal.');

export default function MakeDonations() {
  const { start, loading } = useDonationCheckout();
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const raw = formText(data, 'amount').trim();
    const amount = Number(raw);
    if (!raw || !Number.isFinite(amount)) {
      setErrors({ fields: { amount: 'Please enter the amount you would like to give' } });
      return;
    }
    setErrors(null);
    const failure = await start({ amount, currency: formText(data, 'currency') || 'GBP', description: formText(data, 'description').trim() });
    if (failure) setErrors(failure);
  };

  return (
    <>
      <h1>Give</h1>
      <p className="lead">Thank you for supporting the ministry. Your gift helps us care for people, share the gospel and serve London.</p>
      <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
        <FormAlert message={errors?.message} />
        <div className="field-row">
          <TextField name="amount" label="Amount" type="number" inputMode="decimal" min="1" step="0.01" required error={errors?.fields.amount} />
          <SelectField name="currency" label="Currency" options={DONATION_CURRENCIES} defaultValue="GBP" error={errors?.fields.currency} />
        </div>
        <TextArea name="description" label="What is your gift for? (optional)" rows={3} hint="For example: tithe, offering, building fund." error={errors?.fields.description} />
        <SubmitButton pending={loading} pendingLabel="Taking you to PayPal…">
          Donate with PayPal
        </SubmitButton>
      </form>
    </>
  );
}
