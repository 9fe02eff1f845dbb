import { ValidationError, ValidationPipe } from '@nestjs/common';
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

/**
 * Whitelisting validation: unknown fields are refused, and every field in error is named at once, each with its
 * first problem in people's words (`messages.ts`), so a form can show them all after one submit.
 */
export const validationPipe = new ValidationPipe({
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
