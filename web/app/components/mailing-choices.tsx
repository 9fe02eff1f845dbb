import { mailingChoiceWording } from '@ministry/shared';
import { choiceField, SHOWN_FIELD, type MailingList } from '../lib/mailing-choices';
import './mailing-choices.css';

type Props = {
  lists: MailingList[];
  /** What was posted, to tick the same boxes again when the form comes back with errors. */
  values?: Record<string, string>;
  legend?: string;
  /** The words beside a box: by default the list's own (`mailingChoiceWording`), which the server records as shown. */
  wording?: (list: MailingList) => string;
  /** The field a refusal names (`mailingChoices` on a form, `lists` on the sign-up form): its error shows here. */
  field?: string;
  error?: string;
};

/**
 * One box for each public list, all unticked, in a plain posted form: the box `mailing.<listId>` and a hidden
 * `mailingShown` naming every list shown, so what was left unticked is recorded too. Nothing shows when there are
 * no public lists.
 */
export function MailingChoices({ lists, values = {}, legend = 'E-mails from us', wording = mailingChoiceWording, field = 'mailingChoices', error }: Props) {
  if (!lists.length) return null;
  const errorId = `field-${field}-error`;
  return (
    <fieldset className={`fieldset mailing-choices${error ? ' has-error' : ''}`}>
      <legend>{legend}</legend>
      {lists.map((list, index) => {
        const name = choiceField(list.id);
        // The first box carries the field's id, so the error summary's link lands on it.
        const id = index ? `field-${name}` : `field-${field}`;
        return (
          <div className="mailing-choice" key={list.id}>
            <input type="hidden" name={SHOWN_FIELD} value={list.id} />
            <input
              type="checkbox"
              id={id}
              name={name}
              value="yes"
              defaultChecked={values[name] === 'yes'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label htmlFor={id}>{wording(list)}</label>
          </div>
        );
      })}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
