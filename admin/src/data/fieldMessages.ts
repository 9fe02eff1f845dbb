import { CONSOLE_RULE_WORDS, labelWords, type FieldWords } from '@ministry/shared';

/**
 * A field's problem as a volunteer reads it: the field named as a person calls it, and what to do, in the words
 * the website's forms use (`field-words.ts` in `@ministry/shared`). The server words its people's forms itself;
 * the console's own arguments come back in class-validator's words ("amount must be a number …"), and a value
 * GraphQL refused in GraphQL's ("Variable "$amount" got invalid value …"): both are worded here from their rule.
 */
export type FieldProblem = { field: string; rule?: string; limit?: number; message: string };

/** A field's name in words, as react-admin labels a field it is given no label for: "listId" → "List". */
export function labelOf(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/_?Ids?$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : last;
}

/** A reference to another record (`listId`, `seriesId`) is chosen, not typed. */
const isChoice = (field: string) => /(Ids?|_ids?)$/.test(field);

/** The words a problem reads in beside a field labelled `label` (its name in words when the form's label is not known). */
export function problemWords({ field, rule, limit, message }: FieldProblem, label = labelOf(field)): string {
  const words = rule && CONSOLE_RULE_WORDS[rule];
  const named: FieldWords = labelWords(label, isChoice(field));
  if (words && !(rule.endsWith('Length') && limit === undefined)) return words(named, limit);
  if (rule === 'graphql') return `Check ${named.what} and save again`;
  // Not a rule worded here: the server's own sentence, its program's name for the field put in words.
  return message.replace(new RegExp(`^${escaped(lastName(field))}\\b`), named.subject);
}

/**
 * A message worded by `problemWords` with the field's name in words, naming it by the form's `label` instead
 * ("Enter the video" beside "YouTube video" → "Enter the YouTube video"). Other messages stay as they are.
 */
export function relabelled(message: string, field: string, label: string): string {
  const [from, to] = [labelWords(labelOf(field)), labelWords(label)];
  if (from.what === to.what) return message;
  const at = (phrase: string) => new RegExp(`(^|\\s)${escaped(phrase)}(?=$|[\\s.,:;])`);
  return message.replace(at(from.subject), `$1${to.subject}`).replace(at(from.what), `$1${to.what}`);
}

const lastName = (field: string) => field.split('.').pop() ?? field;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** class-validator's own messages (and the server's few like them), by the rule that writes each. */
const CLASS_VALIDATOR: Array<[RegExp, string]> = [
  [/^(should not be empty|is required|must not be empty|should not be null or undefined)$/, 'isNotEmpty'],
  [/^must be shorter than or equal to (\d+) characters$/, 'maxLength'],
  [/^must be longer than or equal to (\d+) characters$/, 'minLength'],
  [/^must be an integer number$/, 'isInt'],
  [/^must be a number\b/, 'isNumber'],
  [/^must be a positive number$/, 'isPositive'],
  [/^must not be less than (-?[\d.]+)$/, 'min'],
  [/^must not be greater than (-?[\d.]+)$/, 'max'],
  [/^must be (an array|a list)\b/, 'isArray'],
  [/^must be a boolean value$/, 'isBoolean'],
  [/^must be one of the following values\b/, 'isIn'],
  [/^must be one of\b/, 'isIn'],
  [/^must be a valid enum value$/, 'isEnum'],
  [/^must be an email$/, 'isEmail'],
  [/^must be a URL address$/, 'isUrl'],
  [/^must be a valid ISO 8601 date string$/, 'isDateString'],
  [/^must be a string$/, 'isString'],
];

/**
 * A field's message from the server, as a problem with its rule where the message is one a rule writes about the
 * field by its program's name ("listId is required"); a message in people's words ("Choose a later date") as it is.
 */
export function problemOf(field: string, message: string): FieldProblem {
  const name = lastName(field);
  const rest = message.startsWith(`${name} `) ? message.slice(name.length + 1) : message.startsWith(`${field} `) ? message.slice(field.length + 1) : undefined;
  if (rest === undefined) return { field, message };
  for (const [pattern, rule] of CLASS_VALIDATOR) {
    const found = pattern.exec(rest);
    if (found) return { field, rule, limit: found[1] && /^-?[\d.]+$/.test(found[1]) ? Number(found[1]) : undefined, message };
  }
  return { field, message };
}

/**
 * A variable GraphQL refused before the server saw it, as a problem of the field it carries (ra-data-graphql-simple
 * sends each field as a variable of its name): `Variable "$amount" got invalid value "ten"; Float cannot represent …`.
 */
export function variableProblem(message: string): FieldProblem | undefined {
  const found = /^Variable "\$([\w]+)" (.*)$/s.exec(message);
  if (!found) return undefined;
  const [, field, rest] = found;
  const rule = /was not provided|must not be null/.test(rest)
    ? 'isNotEmpty'
    : /Int cannot represent/.test(rest)
      ? 'isInt'
      : /Float cannot represent/.test(rest)
        ? 'isNumber'
        : /Boolean cannot represent/.test(rest)
          ? 'isBoolean'
          : /enum/i.test(rest)
            ? 'isIn'
            : 'graphql';
  return { field, rule, message };
}

/** GraphQL's and the server's words for a request it could not read: a query, a type, an argument or a class by name. */
export const isProgramsMessage = (message: string) =>
  /^(Variable "\$|Cannot query field|Unknown (argument|type|fragment|directive)|Field "[^"]*" (argument|of required type|is not defined)|Syntax Error|Argument "[^"]*")/.test(message) ||
  /\bshould not exist\b/.test(message) ||
  /\b[A-Z][a-z]+(?:[A-Z][a-z]*)*(Error|Exception|Args|Input|Dto|Entity|Filter)\b/.test(message);
