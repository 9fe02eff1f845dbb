import { useState } from 'react';
import { RadioGroup, TextField } from '../../components/form';
import type { FormErrors } from '../../lib/graphql';
import { formText } from '../../lib/form-data';
import { formatDate } from '../../lib/format';
import { useDeclarationForm, type DeclarationInput, type DeclarationScope } from './gift-aid';
import './gift-aid.css';

/** The declaration the form's Gift Aid part asks for, or null when the box is not ticked. */
export function readDeclaration(form: HTMLFormElement, gift: { amount: number; currency: string }): DeclarationInput | null {
  const data = new FormData(form);
  if (data.get('giftAid') !== 'yes') return null;
  const effectiveFrom = formText(data, 'giftAidEffectiveFrom');
  return {
    scope: (formText(data, 'giftAidScope') || 'Enduring') as DeclarationScope,
    title: formText(data, 'title').trim(),
    firstName: formText(data, 'firstName').trim(),
    lastName: formText(data, 'lastName').trim(),
    houseNameOrNumber: formText(data, 'houseNameOrNumber').trim(),
    postcode: formText(data, 'postcode').trim(),
    livesAbroad: data.get('livesAbroad') === 'yes',
    ...(effectiveFrom ? { effectiveFrom } : {}),
    ...gift,
  };
}

type Props = {
  amount: number | undefined;
  currency: string;
  /** A monthly gift needs a declaration that covers every payment. */
  enduringOnly: boolean;
  errors: FormErrors | null;
};

const SCOPES = [
  { value: 'Enduring', label: 'This gift, my future gifts and those of the past 4 years' },
  { value: 'ThisDonation', label: 'This gift only' },
] as const;

/**
 * "Add Gift Aid (+25%)": an unticked box that, when ticked, shows HMRC's model declaration as the server words it
 * (the same text is stored with the declaration) and the donor's name and home address, pre-filled from their
 * profile or last declaration.
 */
export function GiftAidFieldset({ amount, currency, enduringOnly, errors }: Props) {
  const [ticked, setTicked] = useState(false);
  const [chosen, setChosen] = useState<DeclarationScope>('Enduring');
  const [abroad, setAbroad] = useState<boolean>();
  const [paidTaxSince, setPaidTaxSince] = useState<'yes' | 'no'>('no');
  const scope = enduringOnly ? 'Enduring' : chosen;
  return (
    <fieldset className="gift-aid">
      <legend>Gift Aid</legend>
      <div className="gift-aid-tick">
        <input type="checkbox" id="gift-aid-tick" name="giftAid" value="yes" checked={ticked} onChange={(event) => setTicked(event.target.checked)} aria-describedby="gift-aid-what" />
        <label htmlFor="gift-aid-tick">Add Gift Aid (+25%)</label>
      </div>
      <p className="hint" id="gift-aid-what">
        If you pay UK Income Tax or Capital Gains Tax, Gift Aid adds 25p to every £1 you give, at no cost to you.
      </p>
      {errors?.fields.giftAid && (
        <p className="field-error" role="alert">
          {errors.fields.giftAid}
        </p>
      )}
      {ticked && (
        <Declaration
          scope={scope}
          enduringOnly={enduringOnly}
          onScope={setChosen}
          amount={amount}
          currency={currency}
          abroad={abroad}
          onAbroad={setAbroad}
          paidTaxSince={paidTaxSince}
          onPaidTaxSince={setPaidTaxSince}
          errors={errors}
        />
      )}
    </fieldset>
  );
}

type DeclarationProps = Omit<Props, 'enduringOnly'> & {
  scope: DeclarationScope;
  enduringOnly: boolean;
  onScope: (scope: DeclarationScope) => void;
  abroad: boolean | undefined;
  onAbroad: (abroad: boolean) => void;
  paidTaxSince: 'yes' | 'no';
  onPaidTaxSince: (answer: 'yes' | 'no') => void;
};

function Declaration({ scope, enduringOnly, onScope, amount, currency, abroad, onAbroad, paidTaxSince, onPaidTaxSince, errors }: DeclarationProps) {
  // Asked only of a donor who cancelled: their answer decides the first day covered, and so the wording shown.
  const [coverSince, setCoverSince] = useState<string>();
  const effectiveFrom = scope === 'Enduring' && paidTaxSince === 'yes' ? coverSince : undefined;
  const { data, failed } = useDeclarationForm(scope, amount, currency, effectiveFrom);
  const form = data?.giftAidDeclarationForm;
  if (form?.coverSinceCancellationFrom && form.coverSinceCancellationFrom !== coverSince) setCoverSince(form.coverSinceCancellationFrom);
  if (failed) return <p className="form-alert">The Gift Aid declaration could not be loaded. Please try again.</p>;
  if (!form) return <p role="status">Loading the Gift Aid declaration…</p>;
  const livesAbroad = abroad ?? form.livesAbroad;
  const field = (name: string) => errors?.fields[name];
  const askSince = scope === 'Enduring' && !!form.cancelledOn && !!coverSince;
  return (
    <div className="gift-aid-declaration">
      {!enduringOnly && (
        <RadioGroup name="giftAidScope" legend="What should your Gift Aid declaration cover?" options={SCOPES} value={scope} onChange={onScope} error={field('scope')} />
      )}
      {enduringOnly && <input type="hidden" name="giftAidScope" value="Enduring" />}
      {askSince && (
        <>
          <RadioGroup
            name="giftAidPaidTaxSince"
            legend={`Did you pay UK Income Tax or Capital Gains Tax for all of the time since you cancelled your last declaration on ${formatDate(form.cancelledOn!)}?`}
            options={[
              { value: 'no', label: 'No, or I am not sure', hint: 'Your new declaration covers the gifts you make from today.' },
              { value: 'yes', label: 'Yes', hint: `Your new declaration also covers the gifts you made since ${formatDate(coverSince)}.` },
            ]}
            value={paidTaxSince}
            onChange={onPaidTaxSince}
            error={field('effectiveFrom')}
          />
          {effectiveFrom && <input type="hidden" name="giftAidEffectiveFrom" value={effectiveFrom} />}
        </>
      )}
      <blockquote className="gift-aid-wording">{form.wording}</blockquote>
      <p className="hint">{form.notice}</p>
      <div className="field-row">
        <TextField name="title" label="Title" defaultValue={form.title} maxLength={20} autoComplete="honorific-prefix" error={field('title')} />
        <TextField name="firstName" label="First name" defaultValue={form.firstName} maxLength={35} autoComplete="given-name" required error={field('firstName')} />
        <TextField name="lastName" label="Last name" defaultValue={form.lastName} maxLength={35} autoComplete="family-name" required error={field('lastName')} />
      </div>
      <div className="gift-aid-tick">
        <input type="checkbox" id="gift-aid-abroad" name="livesAbroad" value="yes" checked={livesAbroad} onChange={(event) => onAbroad(event.target.checked)} />
        <label htmlFor="gift-aid-abroad">I am a UK taxpayer living abroad (no UK postcode)</label>
      </div>
      <div className="field-row">
        <TextField
          name="houseNameOrNumber"
          label={livesAbroad ? 'Your home address' : 'House name or number'}
          defaultValue={form.houseNameOrNumber}
          maxLength={40}
          autoComplete={livesAbroad ? 'street-address' : 'address-line1'}
          required
          error={field('houseNameOrNumber')}
        />
        {!livesAbroad && <TextField name="postcode" label="Postcode" defaultValue={form.postcode ?? ''} autoComplete="postal-code" required error={field('postcode')} />}
      </div>
    </div>
  );
}
