import type { BookingQuestion, BookingSettings } from '../content/index.js';
import { AppError, type FieldProblem } from '../common/app-error.js';
import { isPlainAddress } from '../common/email-address.js';
import type { BookingAnswer } from './booking.entity.js';

const NAME_MAX = 200;
const ANSWER_MAX = 300;
/** Line breaks and control characters: a name or answer is one line of a list, a CSV cell and an e-mail. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export interface AnswerInput {
  questionId: string;
  answer: string;
}

function oneLine(field: string, value: string, max: number): string {
  const text = value.trim();
  if (text.length > max) throw AppError.badInput(field, `${field} must be at most ${max} characters`);
  if (NOT_ONE_LINE.test(text)) throw AppError.badInput(field, `${field} must be one line, without line breaks or control characters`);
  return text;
}

/** Runs each check of a form and refuses with every field in error at once, in the form's order. */
export function checkEvery<T extends unknown[]>(...checks: { [K in keyof T]: () => T[K] }): T {
  const problems: FieldProblem[] = [];
  const results = checks.map((check) => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_USER_INPUT') throw error;
      problems.push(...(error.problems ?? [{ field: error.field ?? '', message: error.message }]));
      return undefined;
    }
  });
  if (problems.length) throw AppError.invalid(problems);
  return results as T;
}

/** The number of places asked for, within what one booking may take. */
export function placesOf(places: number, settings: BookingSettings): number {
  if (!Number.isInteger(places) || places < 1 || places > settings.perBookingLimit) {
    throw AppError.badInput('places', `places must be a whole number from 1 to ${settings.perBookingLimit}`);
  }
  return places;
}

/** One name per place; without names, the booker's for the first place and "Guest 2"… for the others. */
export function namesOf(names: string[] | null | undefined, places: number, bookerName: string): string[] {
  if (!names?.length) return Array.from({ length: places }, (_, index) => (index === 0 ? bookerName : `Guest ${index + 1}`));
  if (names.length !== places) throw AppError.badInput('names', `Give one name for each of the ${places} places`);
  return names.map((name, index) => {
    const text = oneLine(`names.${index}`, name, NAME_MAX);
    if (!text) throw AppError.badInput(`names.${index}`, 'Each place needs a name');
    return text;
  });
}

function answerOf(question: BookingQuestion, given: string | undefined): string {
  const field = `answers.${question.id}`;
  const text = oneLine(field, given ?? '', ANSWER_MAX);
  if (!text) {
    if (question.required) throw AppError.badInput(field, `Please answer "${question.label}"`);
    return '';
  }
  if (question.kind === 'YesNo' && text !== 'Yes' && text !== 'No') throw AppError.badInput(field, `"${question.label}" is answered Yes or No`);
  if (question.kind === 'Choice' && !question.choices.includes(text))
    throw AppError.badInput(field, `"${question.label}" is answered with one of: ${question.choices.join(', ')}`);
  return text;
}

/** The answers to the event's questions, each with the question's words as they were asked. */
export function answersOf(input: AnswerInput[] | null | undefined, settings: BookingSettings): BookingAnswer[] {
  const given = new Map<string, string>();
  for (const { questionId, answer } of input ?? []) {
    if (!settings.questions.some((question) => question.id === questionId))
      throw AppError.badInput('answers', 'An answer names a question this event does not ask');
    if (given.has(questionId)) throw AppError.badInput(`answers.${questionId}`, 'A question is answered twice');
    given.set(questionId, answer);
  }
  return settings.questions
    .map((question) => ({
      questionId: question.id,
      label: question.label,
      answer: answerOf(question, given.get(question.id)),
    }))
    .filter((answer) => answer.answer !== '');
}

/** A visitor's name and address, both required. */
export function visitorOf(name: string | null | undefined, email: string | null | undefined): { bookerName: string; email: string } {
  const [bookerName, address] = checkEvery(
    () => {
      const text = oneLine('name', name ?? '', NAME_MAX);
      if (!text) throw AppError.badInput('name', 'Please give your name');
      return text;
    },
    () => {
      const text = (email ?? '').trim().toLowerCase();
      if (!text) throw AppError.badInput('email', 'Please give your e-mail address');
      if (text.length > 254 || !isPlainAddress(text)) throw AppError.badInput('email', 'Please give a valid e-mail address');
      return text;
    },
  );
  return { bookerName, email: address };
}
