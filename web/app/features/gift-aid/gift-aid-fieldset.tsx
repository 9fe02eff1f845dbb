import { useState } from 'react';
import { TextField } from '../../components/form';
import type { FormErrors } from '../../lib/graphql';
import { formText } from '../../lib/form-data';
import { useDeclarationForm, type DeclarationInput, type DeclarationScope } from './gift-aid';
import './gift-aid.css';

/** The declaration the form's Gift Aid part asks for, or null when the box is not ticked. */
export function readDeclaration(form: HTMLFormElement, gift: { amount: number; currency: string }): DeclarationInput | null {
  const data = new FormData(form);
  if (data.get('giftAid') !== 'yes') return null;
  return {
    scope: (formText(data, 'giftAidScope') || 'Enduring') as DeclarationScope,
    title: formText(data, 'title').trim(),
    firstName: formText(data, 'firstName').trim(),
    lastName: formText(data, 'lastName').trim(),
    houseNameOrNumber: formText(data, 'houseNameOrNumber').trim(),
    postcode: formText(data, 'postcode').trim(),
    livesAbroad: data.get('livesAbroad') === 'yes',
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

/**
 * "Add Gift Aid (+25%)": an unticked box that, when ticked, shows HMRC's model declaration as the server words it
 * (the same text is stored with the declaration) and the donor's name and home address, pre-filled from their
 * profile or last declaration.
 */
export function GiftAidFieldset({ amount, currency, enduringOnly, errors }: Props) {
  const [ticked, setTicked] = useState(false);
  const [chosen, setChosen] = useState<DeclarationScope>('Enduring');
  const [abroad, setAbroad] = useState<boolean>();
  const scope = enduringOnly ? 'Enduring' : chosen;
  return (
    <fieldset className="gift-aid">
      <legend>Gift Aid</legend>
      <label className="gift-aid-tick">
        <input type="checkbox" name="giftAid" value="yes" checked={ticked} onChange={(event) => setTicked(event.target.checked)} aria-describedby="gift-aid-what" /> Add Gift
        Aid (+25%)
      </label>
      <p className="hint" id="gift-aid-what">
        If you pay UK Income Tax or Capital Gains Tax, Gift Aid adds 25p to every £1 you give, at no cost to you.
      </p>
      {errors?.fields.giftAid && (
        <p className="field-error" role="alert">
          {errors.fields.giftAid}
        </p>
      )}
      {ticked && <Declaration scope={scope} enduringOnly={enduringOnly} onScope={setChosen} amount={amount} currency={currency} abroad={abroad} onAbroad={setAbroad} errors={errors} />}
    </fieldset>
  );
}

type DeclarationProps = Omit<Props, 'enduringOnly'> & {
  scope: DeclarationScope;
  enduringOnly: boolean;
  onScope: (scope: DeclarationScope) => void;
  abroad: boolean | undefined;
  onAbroad: (abroad: boolean) => void;
};

function Declaration({ scope, enduringOnly, onScope, amount, currency, abroad, onAbroad, errors }: DeclarationProps) {
  const { data, failed } = useDeclarationForm(scope, amount, currency);
  const form = data?.giftAidDeclarationForm;
  if (failed) return <p className="form-alert">The Gift Aid declaration could not be loaded. Please try again.</p>;
  if (!form) return <p role="status">Loading the Gift Aid declaration…</p>;
  const livesAbroad = abroad ?? form.livesAbroad;
  const field = (name: string) => errors?.fields[name];
  return (
    <div className="gift-aid-declaration">
      {!enduringOnly && (
        <div className="gift-aid-scope" role="radiogroup" aria-label="What the declaration covers">
          <label>
            <input type="radio" name="giftAidScope" value="Enduring" checked={scope === 'Enduring'} onChange={() => onScope('Enduring')} /> This gift, my future gifts and
            those of the past 4 years
          </label>
          <label>
            <input type="radio" name="giftAidScope" value="ThisDonation" checked={scope === 'ThisDonation'} onChange={() => onScope('ThisDonation')} /> This gift only
          </label>
        </div>
      )}
      {enduringOnly && <input type="hidden" name="giftAidScope" value="Enduring" />}
      <blockquote className="gift-aid-wording">{form.wording}</blockquote>
      <p className="hint">{form.notice}</p>
      <div className="field-row">
        <TextField name="title" label="Title" defaultValue={form.title} maxLength={20} error={field('title')} />
        <TextField name="firstName" label="First name" defaultValue={form.firstName} maxLength={35} required error={field('firstName')} />
        <TextField name="lastName" label="Last name" defaultValue={form.lastName} maxLength={35} required error={field('lastName')} />
      </div>
      <label className="gift-aid-tick">
        <input type="checkbox" name="livesAbroad" value="yes" checked={livesAbroad} onChange={(event) => onAbroad(event.target.checked)} /> I am a UK taxpayer living
        abroad (no UK postcode)
      </label>
      <div className="field-row">
        <TextField
          name="houseNameOrNumber"
          label={livesAbroad ? 'Your home address' : 'House name or number'}
          defaultValue={form.houseNameOrNumber}
          maxLength={40}
          required
          error={field('houseNameOrNumber')}
        />
        {!livesAbroad && <TextField name="postcode" label="Postcode" defaultValue={form.postcode ?? ''} autoComplete="postal-code" required error={field('postcode')} />}
      </div>
    </div>
  );
}
