import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error.js';

function firstProblem(errors: ValidationError[], prefix = ''): { field: string; message: string } | undefined {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const message = error.constraints ? Object.values(error.constraints)[0] : undefined;
    if (message) return { field, message };
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** Whitelisting validation: unknown fields are refused, and the first problem names its field. */
export const validationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => {
    const problem = firstProblem(errors) ?? { field: '', message: 'The request is not valid' };
    return AppError.badInput(problem.field, problem.message);
  },
});
