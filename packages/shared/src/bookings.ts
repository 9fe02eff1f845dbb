/**
 * Where a booking stands. Held: places kept while the booker pays (or confirms their address); Offered: a place
 * freed for someone on the waiting list, kept for them until the offer lapses.
 */
export const BOOKING_STATUSES = ['Held', 'Confirmed', 'Cancelled', 'Refunded', 'Waitlisted', 'Offered', 'CheckedIn'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a booking question asks for. */
export const BOOKING_QUESTION_KINDS = ['ShortText', 'YesNo', 'Choice'] as const;
export type BookingQuestionKind = (typeof BOOKING_QUESTION_KINDS)[number];

/** At most this many questions per event. */
export const MAX_BOOKING_QUESTIONS = 5;

export interface BookingQuestionWords {
  id: string;
  label: string;
  kind: BookingQuestionKind;
  choices: string[];
  required: boolean;
}

/** Questions the console offers ready-made. Their answers are health data, as every booking answer is treated. */
export const READY_BOOKING_QUESTIONS: readonly BookingQuestionWords[] = [
  { id: 'dietary', label: 'Dietary needs', kind: 'ShortText', choices: [], required: false },
  { id: 'access', label: 'Access needs', kind: 'ShortText', choices: [], required: false },
];

/** Currencies a ticket may be priced in. */
export const BOOKING_CURRENCIES = ['GBP', 'USD'] as const;
