import { getMetadataStorage } from 'class-validator';
import { FIELD_WORDS, RULE_WORDS, patternWords } from '@ministry/shared';

export { formOrder } from '@ministry/shared';

/**
 * The wording a person reads when a form's field fails a validation rule, by the shared tables (`field-words.ts`
 * in `@ministry/shared`, which the console words its own fields by). It applies to the forms people fill in,
 * marked `@PeoplesForm()` (a `name` elsewhere may be a category's); a field or rule not named there keeps its
 * rule's message.
 */
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
