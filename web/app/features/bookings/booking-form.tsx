import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { ErrorSummary, SelectField, TextField, useFocusFirstError } from '../../components/form';
import { formatDateTime } from '../../lib/format';
import type { FormErrors } from '../../lib/graphql';
import { MailingChoices } from '../../components/mailing-choices';
import { bookable, INTENT_FIELD, type BookingFormValues, type BookingOccurrence, type BookingQuestion, type ProgramBooking } from './bookings';

type Props = { booking: ProgramBooking; member: boolean; errors?: FormErrors; values?: BookingFormValues };

const occurrenceLabel = (occurrence: BookingOccurrence) => `${formatDateTime(occurrence.start)}${occurrence.full ? ' (full: waiting list)' : ''}`;

/** One name a place; the first input carries the field's id, so the error summary's link for `names` lands on it. */
function NameFields({ places, names, error }: { places: number; names: string[]; error?: string }) {
  return (
    <fieldset className={`fieldset booking-names${error ? ' has-error' : ''}`}>
      <legend>Who is coming? One name a place</legend>
      {Array.from({ length: places }, (_, index) => {
        const id = index ? `field-names-${index}` : 'field-names';
        return (
          <div className="field" key={index}>
            <label htmlFor={id}>{`Name for place ${index + 1}`}</label>
            <input id={id} name="names" autoComplete={index ? 'off' : 'name'} defaultValue={names[index] ?? ''} aria-invalid={error ? true : undefined} aria-describedby={error ? 'field-names-error' : undefined} />
          </div>
        );
      })}
      {error && (
        <p className="field-error" id="field-names-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A Yes/No question: two radios in a group named by the question. */
function YesNoField({ question, value, error }: { question: BookingQuestion; value: string; error?: string }) {
  const name = `answers.${question.id}`;
  const errorId = `field-${name}-error`;
  return (
    <fieldset className={`fieldset radio-group${error ? ' has-error' : ''}`}>
      <legend>
        {question.label}
        {question.required && <span className="required" aria-hidden="true"> *</span>}
      </legend>
      {['Yes', 'No'].map((answer) => (
        <div className="radio-option" key={answer}>
          <input
            type="radio"
            id={answer === 'Yes' ? `field-${name}` : `field-${name}-no`}
            name={name}
            value={answer}
            defaultChecked={value === answer}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <label htmlFor={answer === 'Yes' ? `field-${name}` : `field-${name}-no`}>{answer}</label>
        </div>
      ))}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function QuestionField({ question, value, error }: { question: BookingQuestion; value: string; error?: string }) {
  const name = `answers.${question.id}`;
  if (question.kind === 'YesNo') return <YesNoField question={question} value={value} error={error} />;
  if (question.kind === 'Choice') {
    return <SelectField name={name} label={question.label} required={question.required} options={question.choices} placeholder="Choose…" defaultValue={value} error={error} />;
  }
  return <TextField name={name} label={question.label} required={question.required} defaultValue={value} maxLength={300} error={error} />;
}

/**
 * The booking form of one program: a real form posted to the page's action, so a free place can be booked before
 * JavaScript has loaded. A full occurrence with a waiting list turns its button into "Join the waiting list".
 */
export function BookingForm({ booking, member, errors, values }: Props) {
  const { settings, occurrences } = booking;
  const choices = occurrences.filter(bookable);
  const fields = values?.fields ?? {};
  const [start, setStart] = useState(fields.occurrenceStart || choices[0]?.start);
  const [places, setPlaces] = useState(Number(fields.places) || 1);
  const navigation = useNavigation();
  const form = useFocusFirstError(errors);
  const chosen = choices.find((occurrence) => occurrence.start === start) ?? choices[0];
  if (!chosen) return null;
  const waitlist = chosen.full;
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const label = waitlist ? 'Join the waiting list' : settings.price > 0 ? 'Book and pay' : 'Book';
  return (
    <Form method="post" noValidate ref={form} className="form-card booking-form" aria-label="Book your places">
      <ErrorSummary errors={errors} />
      <input type="hidden" name="postId" value={booking.postId} />
      <SelectField
        name="occurrenceStart"
        label="Date and time"
        options={choices.map((occurrence) => ({ value: occurrence.start, label: occurrenceLabel(occurrence) }))}
        value={chosen.start}
        onChange={(event) => setStart(event.target.value)}
        error={errors?.fields.occurrenceStart}
      />
      <SelectField
        name="places"
        label="Number of places"
        options={Array.from({ length: settings.perBookingLimit }, (_, index) => String(index + 1))}
        value={String(places)}
        onChange={(event) => setPlaces(Number(event.target.value))}
        error={errors?.fields.places}
      />
      <NameFields places={places} names={values?.names ?? []} error={errors?.fields.names} />
      {settings.questions.map((question) => (
        <QuestionField key={question.id} question={question} value={fields[`answers.${question.id}`] ?? ''} error={errors?.fields[`answers.${question.id}`]} />
      ))}
      {!member && (
        <>
          <TextField name="name" label="Your name" autoComplete="name" required defaultValue={fields.name ?? ''} error={errors?.fields.name} />
          <TextField name="email" label="Your email" type="email" autoComplete="email" required defaultValue={fields.email ?? ''} hint="We send a link to confirm your place." error={errors?.fields.email} />
        </>
      )}
      <MailingChoices lists={booking.mailingLists} values={fields} error={errors?.fields.mailingChoices} />
      <button type="submit" className="button primary" name={INTENT_FIELD} value={waitlist ? 'waitlist' : 'book'} disabled={pending} aria-disabled={pending || undefined}>
        {pending ? 'submitting, please wait' : label}
      </button>
    </Form>
  );
}
