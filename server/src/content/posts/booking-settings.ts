import { Field, Float, GraphQLISODateTime, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BOOKING_CURRENCIES, BOOKING_QUESTION_KINDS, type BookingQuestionKind, MAX_BOOKING_QUESTIONS } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';

export const BookingQuestionKindEnum = Object.fromEntries(BOOKING_QUESTION_KINDS.map((kind) => [kind, kind])) as { [K in BookingQuestionKind]: K };
registerEnumType(BookingQuestionKindEnum, { name: 'BookingQuestionKind', description: 'ShortText: a line of text; YesNo; Choice: one of `choices`' });

export const MAX_CAPACITY = 100_000;
export const MAX_PER_BOOKING = 50;
const LABEL_MAX = 120;
const CHOICE_MAX = 80;

@ObjectType()
export class BookingQuestion {
  @Field()
  id: string;

  @Field()
  label: string;

  @Field(() => BookingQuestionKindEnum)
  kind: BookingQuestionKind;

  @Field(() => [String])
  choices: string[];

  @Field()
  required: boolean;
}

/** How people book a program: stored with the program, the same for each of its occurrences. */
@ObjectType()
export class BookingSettings {
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When booking opens; null: now' })
  opensAt: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When booking closes; null: at the start of each occurrence' })
  closesAt: Date | null;

  @Field(() => Int, { description: 'Places per occurrence' })
  capacity: number;

  @Field(() => Int, { description: 'Places one booking may take' })
  perBookingLimit: number;

  @Field({ description: 'Keep a waiting list when full' })
  waitlist: boolean;

  @Field(() => Float, { description: 'Per place, in pounds or dollars; 0 is free' })
  price: number;

  @Field()
  currency: string;

  @Field(() => Int, { description: 'A booker may cancel (refunded in full) until this many hours before the start' })
  cancellationHours: number;

  @Field(() => [BookingQuestion])
  questions: BookingQuestion[];
}

@InputType()
export class BookingQuestionInput {
  @Field({ nullable: true, description: 'Made from the label when left out' })
  id?: string;

  @Field()
  label: string;

  @Field(() => BookingQuestionKindEnum)
  kind: BookingQuestionKind;

  @Field(() => [String], { nullable: true, description: 'Choice only: 2 to 10' })
  choices?: string[];

  @Field({ nullable: true })
  required?: boolean;
}

/** Checked as a whole by `bookingSettingsOf`, which names the field at fault (`booking.capacity`). */
@InputType()
export class BookingSettingsInput {
  @Field(() => GraphQLISODateTime, { nullable: true })
  opensAt?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  closesAt?: Date | null;

  @Field(() => Int)
  capacity: number;

  @Field(() => Int, { nullable: true, description: 'Default 10, at most capacity' })
  perBookingLimit?: number;

  @Field({ nullable: true })
  waitlist?: boolean;

  @Field(() => Float, { nullable: true, description: 'Default 0 (free)' })
  price?: number;

  @Field({ nullable: true, description: 'GBP (default) or USD' })
  currency?: string;

  @Field(() => Int, { nullable: true, description: 'Default 48' })
  cancellationHours?: number;

  @Field(() => [BookingQuestionInput], { nullable: true })
  questions?: BookingQuestionInput[];
}

/** Line breaks and control characters: a label or choice is one line of a form, a CSV cell and an e-mail. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

const slug = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

function oneLine(field: string, value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw AppError.badInput(field, `${field} is required`);
  if (text.length > max) throw AppError.badInput(field, `${field} must be at most ${max} characters`);
  if (NOT_ONE_LINE.test(text)) throw AppError.badInput(field, `${field} must be one line, without line breaks or control characters`);
  return text;
}

function whole(field: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const number = value ?? fallback;
  if (!Number.isInteger(number) || number < min || number > max) throw AppError.badInput(field, `${field} must be a whole number from ${min} to ${max}`);
  return number;
}

function questionOf(input: BookingQuestionInput, index: number, taken: Set<string>): BookingQuestion {
  const at = `booking.questions.${index}`;
  const label = oneLine(`${at}.label`, input.label, LABEL_MAX);
  const id = input.id?.trim() ? input.id.trim() : slug(label) || `q${index + 1}`;
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id)) throw AppError.badInput(`${at}.id`, 'A question id is up to 40 small letters, digits or dashes');
  if (taken.has(id)) throw AppError.badInput(`${at}.id`, `Two questions have the id "${id}"`);
  taken.add(id);
  if (!BOOKING_QUESTION_KINDS.includes(input.kind)) throw AppError.badInput(`${at}.kind`, `kind must be one of ${BOOKING_QUESTION_KINDS.join(', ')}`);
  const choices = input.kind === 'Choice' ? (input.choices ?? []).map((choice, n) => oneLine(`${at}.choices.${n}`, choice, CHOICE_MAX)) : [];
  if (input.kind === 'Choice' && (choices.length < 2 || choices.length > 10 || new Set(choices).size !== choices.length)) {
    throw AppError.badInput(`${at}.choices`, 'A choice question needs 2 to 10 different choices');
  }
  return { id, label, kind: input.kind, choices, required: input.required ?? false };
}

/**
 * A program's booking settings as stored, from what staff sent: every rule checked here, naming the field at fault.
 * Only a dated program can be booked: its occurrences are what people book.
 */
export function bookingSettingsOf(input: BookingSettingsInput, startsAt: Date | null): BookingSettings {
  if (!startsAt) throw AppError.badInput('booking', 'Only a program with a start (startsAt) can be booked');
  const capacity = whole('booking.capacity', input.capacity, 0, 1, MAX_CAPACITY);
  const perBookingLimit = whole('booking.perBookingLimit', input.perBookingLimit, Math.min(10, capacity), 1, Math.min(MAX_PER_BOOKING, capacity));
  const priceMinor = Math.round((input.price ?? 0) * 100);
  if (!Number.isFinite(input.price ?? 0) || priceMinor < 0 || Math.abs((input.price ?? 0) * 100 - priceMinor) > 1e-6 || priceMinor > 1_000_000) {
    throw AppError.badInput('booking.price', 'price must be 0 (free) or a sum up to 10000 with at most two decimals');
  }
  const currency = (input.currency ?? 'GBP').toUpperCase();
  if (!(BOOKING_CURRENCIES as readonly string[]).includes(currency))
    throw AppError.badInput('booking.currency', `currency must be ${BOOKING_CURRENCIES.join(' or ')}`);
  if (input.opensAt && input.closesAt && input.closesAt.getTime() <= input.opensAt.getTime())
    throw AppError.badInput('booking.closesAt', 'closesAt must be after opensAt');
  const questions = input.questions ?? [];
  if (questions.length > MAX_BOOKING_QUESTIONS) throw AppError.badInput('booking.questions', `At most ${MAX_BOOKING_QUESTIONS} questions`);
  const taken = new Set<string>();
  return {
    opensAt: input.opensAt ?? null,
    closesAt: input.closesAt ?? null,
    capacity,
    perBookingLimit,
    waitlist: input.waitlist ?? false,
    price: priceMinor / 100,
    currency,
    cancellationHours: whole('booking.cancellationHours', input.cancellationHours, 48, 0, 24 * 60),
    questions: questions.map((question, index) => questionOf(question, index, taken)),
  };
}
