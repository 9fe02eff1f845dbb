import { getMetadataStorage } from 'class-validator';

/**
 * The wording a person reads when a form's field fails a validation rule: one table of fields (what a person
 * calls each one) and one of rules (class-validator's constraint names), so every form says the same thing
 * the same way ("Enter your full name", "Choose a reason"). It applies to the forms people fill in, marked
 * `@PeoplesForm()` (a `name` elsewhere may be a category's); a field or rule not named here keeps its rule's message.
 */
type FieldWords = {
  /** What to enter or choose, read after "Enter" or "Choose": "your full name". */
  what: string;
  /** How a sentence about the field starts: "Your full name". */
  subject: string;
  /** A choice among given answers (a select or radios): missing means "Choose …". */
  choice?: boolean;
  /** How a valid value looks, when the rule is a pattern: "like 01632 960 001". */
  example?: string;
};

/** In the order the site's forms ask them, so a form's errors are listed as its fields are (`formOrder`). */
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

type RuleWords = (field: FieldWords, limit: number | undefined) => string;

const missing: RuleWords = (field) => `${field.choice ? 'Choose' : 'Enter'} ${field.what}`;

/**
 * class-validator constraint → the sentence a person reads. A line break (`singleLine`) is left to its rule's
 * message: a form's one-line box cannot hold one, so only a program sends it.
 */
export const RULE_WORDS: Record<string, RuleWords> = {
  isNotEmpty: missing,
  isDefined: missing,
  isString: missing,
  isIn: (field) => `Choose ${field.what} from the list`,
  isEnum: (field) => `Choose ${field.what} from the list`,
  maxLength: (field, limit) => `${field.subject} must be ${limit} characters or fewer`,
  minLength: (field, limit) => `${field.subject} must be at least ${limit} characters`,
};

/** A pattern's wording is the table's only where it can show a valid value; elsewhere the rule's own says what is allowed. */
const patternWords: RuleWords = (field) => `Enter ${field.what} in the correct format${field.example ? `, ${field.example}` : ''}`;

const forms = new WeakSet<object>();

/** Marks arguments or a body (and those extending it) as a form people fill in, whose errors read as the table words them. */
export const PeoplesForm = (): ClassDecorator => (target) => {
  forms.add(target);
};

function isPeoplesForm(target: object): boolean {
  for (let type: unknown = target.constructor; typeof type === 'function' && type !== Object; type = Object.getPrototypeOf(type)) {
    if (forms.has(type)) return true;
  }
  return false;
}

/** The first argument of a rule on a property (the 100 of `MaxLength(100)`), from class-validator's own records. */
function limitOf(target: object | undefined, property: string, rule: string): number | undefined {
  if (!target) return undefined;
  const rules = getMetadataStorage().getTargetValidationMetadatas(target.constructor, '', true, false);
  const found = rules.find((metadata) => metadata.propertyName === property && (metadata.name ?? metadata.type) === rule);
  const limit: unknown = found?.constraints?.[0];
  return typeof limit === 'number' ? limit : undefined;
}

/**
 * A failed rule's message as a person reads it: the table's wording when the field and the rule are in it, else
 * the rule's own message. A length rule names its limit.
 */
export function peoplesMessage(target: object | undefined, property: string, rule: string, ruleMessage: string): string {
  const field = FIELD_WORDS[property];
  const words = (rule === 'matches' && field?.example) || rule === 'isEmail' ? patternWords : RULE_WORDS[rule];
  if (!target || !isPeoplesForm(target) || !field || !words) return ruleMessage;
  const limit = limitOf(target, property, rule);
  if (rule.endsWith('Length') && limit === undefined) return ruleMessage;
  return words(field, limit);
}
