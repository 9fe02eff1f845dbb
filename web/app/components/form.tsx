import { useEffect, useRef } from 'react';
import type { FormErrors } from '../lib/graphql';
import './form.css';

type FieldBase = {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
};

const fieldId = (name: string) => `field-${name}`;
const errorId = (name: string) => `field-${name}-error`;
const hintId = (name: string) => `field-${name}-hint`;

/** The ids a control points at with aria-describedby: its hint, then its error. */
function describedBy(field: FieldBase): string | undefined {
  const ids = [field.hint ? hintId(field.name) : '', field.error ? errorId(field.name) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldFrame({ field, children }: { field: FieldBase; children: React.ReactNode }) {
  return (
    <div className={`field${field.error ? ' has-error' : ''}`}>
      <label htmlFor={fieldId(field.name)}>
        {field.label}
        {field.required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {field.hint && (
        <p className="field-hint" id={hintId(field.name)}>
          {field.hint}
        </p>
      )}
      {children}
      {field.error && (
        <p className="field-error" id={errorId(field.name)}>
          {field.error}
        </p>
      )}
    </div>
  );
}

type InputProps = FieldBase & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function TextField({ name, label, error, hint, required, ...input }: InputProps) {
  const field = { name, label, error, hint, required };
  return (
    <FieldFrame field={field}>
      <input id={fieldId(name)} name={name} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(field)} {...input} />
    </FieldFrame>
  );
}

type TextAreaProps = FieldBase & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>;

export function TextArea({ name, label, error, hint, required, rows = 5, ...input }: TextAreaProps) {
  const field = { name, label, error, hint, required };
  return (
    <FieldFrame field={field}>
      <textarea id={fieldId(name)} name={name} rows={rows} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(field)} {...input} />
    </FieldFrame>
  );
}

type SelectProps = FieldBase & {
  options: readonly (string | { value: string; label: string })[];
  placeholder?: string;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'>;

export function SelectField({ name, label, error, hint, required, options, placeholder, ...select }: SelectProps) {
  const field = { name, label, error, hint, required };
  return (
    <FieldFrame field={field}>
      <select id={fieldId(name)} name={name} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(field)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

type RadioGroupProps<T extends string> = {
  name: string;
  legend: string;
  options: readonly { value: T; label: string; hint?: string }[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
};

/** One choice among a few, each option with its plain-English help read out with it. */
export function RadioGroup<T extends string>({ name, legend, options, value, onChange, error }: RadioGroupProps<T>) {
  return (
    <fieldset className={`fieldset radio-group${error ? ' has-error' : ''}`}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const id = `${fieldId(name)}-${option.value}`;
        const described = [option.hint ? `${id}-hint` : '', error ? errorId(name) : ''].filter(Boolean).join(' ');
        return (
          <div className="radio-option" key={option.value}>
            <input
              type="radio"
              id={id}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
            />
            <label htmlFor={id}>{option.label}</label>
            {option.hint && (
              <p className="field-hint" id={`${id}-hint`}>
                {option.hint}
              </p>
            )}
          </div>
        );
      })}
      {error && (
        <p className="field-error" id={errorId(name)}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An anti-spam field people never see; the server refuses a form that fills it. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The form-level message (the server's first error), in red, announced when it appears. */
export function FormAlert({ message, id = 'form-error' }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert" id={id} tabIndex={-1}>
      {message}
    </p>
  );
}

/** The control a field's summary entry leads to: the field itself, or the first of a group of choices. */
function controlOf(name: string): HTMLElement | null {
  return document.getElementById(fieldId(name)) ?? document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
}

/** Moves focus to a field from its summary entry; the page's scroll padding keeps it clear of the sticky header. */
function focusField(event: React.MouseEvent<HTMLAnchorElement>, name: string) {
  const control = controlOf(name);
  if (!control) return;
  event.preventDefault();
  control.focus();
}

/**
 * GOV.UK's error summary: every problem of a failed submit at once, each a link to its field, in the order of the
 * form; the message that belongs to no field comes first. It takes focus after the submit (`useFocusFirstError`)
 * and is announced.
 */
export function ErrorSummary({ errors, id = 'error-summary' }: { errors?: FormErrors | null; id?: string }) {
  const fields = Object.entries(errors?.fields ?? {});
  if (!errors?.message && !fields.length) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>There is a problem</h2>
      {errors?.message && <p>{errors.message}</p>}
      {fields.length > 0 && (
        <ul>
          {fields.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(name)}`} onClick={(event) => focusField(event, name)}>
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * After a failed submit, moves focus to the form's error summary, or to the first field in error or the form's
 * alert where a form has no summary, so a keyboard or screen-reader user lands on what needs fixing.
 */
export function useFocusFirstError(errors: FormErrors | undefined | null) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!errors || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('.error-summary') ?? form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.current.querySelector<HTMLElement>('.form-alert');
    target?.focus();
  }, [errors]);
  return form;
}

export function SubmitButton({ pending, pendingLabel = 'submitting, please wait', children }: { pending: boolean; pendingLabel?: string; children: React.ReactNode }) {
  return (
    <button type="submit" className="button primary" disabled={pending} aria-disabled={pending || undefined}>
      {pending ? pendingLabel : children}
    </button>
  );
}
