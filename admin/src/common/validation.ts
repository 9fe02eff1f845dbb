import { CONSOLE_RULE_WORDS, labelWords } from '@ministry/shared';
import { email as raEmail, isEmpty, regex as raRegex, type Validator } from 'react-admin';

/**
 * react-admin's validators, saying what to do about the field by its label ("Enter the podcast title", "The short
 * name must be 60 characters or fewer") in the words the website's forms use, in place of react-admin's "Required"
 * and "Must be 60 characters or less". A message given keeps its own words.
 */

/** The props react-admin hands a validator: the input's own, with its label. */
type InputProps = { label?: unknown; source?: string; choices?: unknown; reference?: string };

const wordsOf = (props: InputProps | undefined) => {
  const label = typeof props?.label === 'string' && props.label ? props.label : (props?.source ?? 'this field');
  return labelWords(label, Boolean(props?.choices || props?.reference));
};

/** A validator that, when `check` fails the value, says the rule's words about the input (or `message`). */
const worded = (check: (value: unknown) => boolean, rule: string, limit?: number, message?: string): Validator => (value, _values, props: InputProps) =>
  check(value) ? undefined : (message ?? CONSOLE_RULE_WORDS[rule](wordsOf(props), limit));

export const required = (message?: string): Validator =>
  Object.assign(worded((value) => !isEmpty(value), 'isNotEmpty', undefined, message), { isRequired: true });

export const maxLength = (max: number, message?: string): Validator =>
  worded((value) => isEmpty(value) || String(value).length <= max, 'maxLength', max, message);

export const minValue = (min: number, message?: string): Validator =>
  worded((value) => isEmpty(value) || Number(value) >= min, 'min', min, message);

export const maxValue = (max: number, message?: string): Validator =>
  worded((value) => isEmpty(value) || Number(value) <= max, 'max', max, message);

/** An email address, as react-admin's own check reads one. */
export const email = (message?: string): Validator => worded((value) => !raEmail()(value, {}), 'isEmail', undefined, message);

export const number = (message?: string): Validator => worded((value) => isEmpty(value) || !Number.isNaN(Number(value)), 'isNumber', undefined, message);

/** A value the pattern matches; the message says what it looks like ("A time such as 10:00"). */
export const regex = (pattern: RegExp, message: string): Validator => raRegex(pattern, message);
