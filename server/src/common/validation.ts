import { ValidationError, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { AppError, type FieldProblem } from './app-error.js';
import { formOrder, peoplesMessage } from './messages.js';

/** Every field's first problem, in the order the fields are declared, nested fields named by their path. */
function problemsOf(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? [];
    if (rule && message) return [{ field, message: peoplesMessage(error.target, error.property, rule, message) }];
    return problemsOf(error.children ?? [], field);
  });
}

/** Verdicts kept, all classes together; past it they are forgotten at once (a read's arguments soon come back). */
const REMEMBERED = 1_000;
/** Longer arguments (a form, a post's body) are checked every time: they seldom repeat, and would fill the memory. */
const REMEMBERED_LENGTH = 500;

/**
 * An argument object as text that tells apart everything a rule could: each value tagged by its type (so the
 * string "5" is not the number 5 nor the BigInt 5n, and no string can pass for `undefined`, an array's gap or an
 * invalid date); undefined when too long or not expressible.
 */
function shapeOf(object: object): string | undefined {
  try {
    const shape = JSON.stringify(object, function (this: Record<string, unknown>, key: string, value: unknown) {
      const original = this[key];
      // An array's gap, which rules given `each` skip, is not the value undefined, which they check.
      if (!(key in this)) return 'h';
      if (original instanceof Date) return `d${Number.isNaN(original.getTime()) ? 'invalid' : original.toISOString()}`;
      if (typeof value === 'string') return `s${value}`;
      if (typeof value === 'number') return `n${Object.is(value, -0) ? '-0' : String(value)}`;
      if (typeof value === 'bigint') return `b${String(value)}`;
      return value === undefined ? 'u' : value;
    });
    return shape.length <= REMEMBERED_LENGTH ? shape : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Remembers which argument objects passed, by class and shape, so a read asked again (the same page, the same
 * filter) is not checked again: the rules are pure (no rule reads the database or the clock), and a refusal is
 * always checked afresh so its message is built as before.
 */
class RememberingValidationPipe extends ValidationPipe {
  private valid = new WeakMap<object, Set<string>>();
  private remembered = 0;

  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  protected override async validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
    const shape = shapeOf(object);
    const passed = this.valid.get(object.constructor);
    if (shape !== undefined && passed?.has(shape)) return [];
    const errors = await super.validate(object, options);
    if (shape === undefined || errors.length) return errors;
    if (++this.remembered > REMEMBERED) {
      this.valid = new WeakMap();
      this.remembered = 1;
    }
    const kept = this.valid.get(object.constructor) ?? new Set<string>();
    this.valid.set(object.constructor, kept.add(shape));
    return errors;
  }
}

/**
 * Whitelisting validation: unknown fields are refused, and every field in error is named at once, each with its
 * first problem in people's words (`messages.ts`), so a form can show them all after one submit.
 */
export const validationPipe = new RememberingValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: true,
  // The object each error was found in, so a rule's limit can be read from its class; never sent.
  validationError: { target: true, value: false },
  exceptionFactory: (errors) => {
    // A class's own fields come before those it inherits, so the form's order is restored here.
    const problems = problemsOf(errors).sort((a, b) => formOrder(a.field) - formOrder(b.field));
    return problems.length ? AppError.invalid(problems) : AppError.badInput('', 'The request is not valid');
  },
});
