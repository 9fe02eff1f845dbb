import { DISPLAY_NAME_CHOICES, type TestimonyDisplayName } from './testimonies';
import './consent-fields.css';

/**
 * The tick box a member agrees to publication with. Its label is the server's wording word for word, since that
 * wording (by its version) is what the stored consent records.
 */
export function PublishConsent({ text, error }: { text: string; error?: string }) {
  return (
    <div className={`field consent-field${error ? ' has-error' : ''}`}>
      <label htmlFor="field-consentToPublish">
        <input
          type="checkbox"
          id="field-consentToPublish"
          name="consentToPublish"
          value="yes"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'field-consentToPublish-error' : undefined}
        />
        <span>{text}</span>
      </label>
      {error && (
        <p className="field-error" id="field-consentToPublish-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function DisplayNameChoice({ defaultValue = 'FirstName' }: { defaultValue?: TestimonyDisplayName }) {
  return (
    <fieldset className="fieldset display-name-choice">
      <legend>The name shown with your testimony</legend>
      {DISPLAY_NAME_CHOICES.map((choice) => (
        <label key={choice.value}>
          <input type="radio" name="displayName" value={choice.value} defaultChecked={choice.value === defaultValue} /> {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
