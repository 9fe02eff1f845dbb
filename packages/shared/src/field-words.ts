/**
 * The wording a person reads when a form's field fails a rule: one table of fields (what a person calls each
 * one) and one of rules (class-validator's constraint names), so every form, on the website and in the console,
 * says the same thing the same way ("Enter your full name", "Choose a reason", "Enter the amount as a number").
 */
export type FieldWords = {
  /** What to enter or choose, read after "Enter" or "Choose": "your full name", "the amount". */
  what: string;
  /** How a sentence about the field starts: "Your full name", "The amount". */
  subject: string;
  /** A choice among given answers (a select or radios): missing means "Choose …". */
  choice?: boolean;
  /** How a valid value looks, when the rule is a pattern: "like 01632 960 001". */
  example?: string;
};

/** The website's forms' fields, in the order those forms ask them, so a form's errors are listed as its fields are (`formOrder`). */
export const FIELD_WORDS: Record<string, FieldWords> = {
  name: { what: 'your full name', subject: 'Your full name' },
  firstname: { what: 'your first name', subject: 'Your first name' },
  lastname: { what: 'your last name', subject: 'Your last name' },
  email: { what: 'your email address', subject: 'Your email address', example: 'like name@example.com' },
  phone: { what: 'your phone number', subject: 'Your phone number', example: 'like 01632 960 001 or +44 7700 900 982' },
  password: { what: 'a password', subject: 'Your password' },
  reason: { what: 'a reason', subject: 'The reason', choice: true },
  message: { what: 'a short description', subject: 'The description' },
  description: { what: 'a short description', subject: 'The description' },
  question: { what: 'your question', subject: 'Your question' },
  title: { what: 'a title', subject: 'The title' },
  body: { what: 'your prayer request', subject: 'Your prayer request' },
  gender: { what: 'a gender', subject: 'Gender', choice: true },
  marital_status: { what: 'a marital status', subject: 'Marital status', choice: true },
};

const FORM_ORDER = Object.keys(FIELD_WORDS);

/** Where a field comes in the site's forms; fields the table does not name come after, as declared. */
export const formOrder = (field: string): number => {
  const place = FORM_ORDER.indexOf(field);
  return place === -1 ? FORM_ORDER.length : place;
};

/** A field as a form labels it ("Places for each date"), in the table's terms: "the places for each date". */
export function labelWords(label: string, choice = false): FieldWords {
  const text = label.replace(/[\s\u2009*]+$/, '').trim();
  // "Title" → "title", but a name keeps its capitals: "YouTube video", "HMRC reference".
  const lower = /^[A-Z][a-z]*(?![\w’'-])/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
  return { what: `the ${lower}`, subject: `The ${lower}`, choice };
}

export type RuleWords = (field: FieldWords, limit: number | undefined) => string;

const missing: RuleWords = (field) => `${field.choice ? 'Choose' : 'Enter'} ${field.what}`;
const fromList: RuleWords = (field) => `Choose ${field.what} from the list`;
const number: RuleWords = (field) => `Enter ${field.what} as a number`;

/**
 * class-validator constraint → the sentence a person reads. A line break (`singleLine`) is left to its rule's
 * message: a form's one-line box cannot hold one, so only a program sends it.
 */
export const RULE_WORDS: Record<string, RuleWords> = {
  isNotEmpty: missing,
  isDefined: missing,
  isString: missing,
  isIn: fromList,
  isEnum: fromList,
  maxLength: (field, limit) => `${field.subject} must be ${limit} characters or fewer`,
  minLength: (field, limit) => `${field.subject} must be at least ${limit} characters`,
};

/**
 * Rules only the console's fields break (a number, a list of choices, a range): worded as the table words the
 * others. Kept apart so the website's forms keep their rule's message for these, as before.
 */
export const CONSOLE_RULE_WORDS: Record<string, RuleWords> = {
  ...RULE_WORDS,
  isArray: (field) => `Choose ${field.what}`,
  isBoolean: (field) => `Choose ${field.what}`,
  isNumber: number,
  isInt: (field) => `Enter ${field.what} as a whole number`,
  min: (field, limit) => `${field.subject} must be at least ${limit}`,
  max: (field, limit) => `${field.subject} must be ${limit} or less`,
  isPositive: (field) => `${field.subject} must be more than 0`,
  isDateString: (field) => `Enter ${field.what} as a date`,
  isEmail: (field) => `Enter ${field.what} as an email address, like name@example.com`,
  isUrl: (field) => `Enter ${field.what} as a web address starting https://`,
};

/** A pattern's wording is the table's only where it can show a valid value; elsewhere the rule's own says what is allowed. */
export const patternWords: RuleWords = (field) => `Enter ${field.what} in the correct format${field.example ? `, ${field.example}` : ''}`;
