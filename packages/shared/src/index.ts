// The vocabulary every part of the platform shares: plain constants and types, no framework.
export * from './bookings.js';
export * from './by-name.js';
export * from './contact-reasons.js';
export * from './field-words.js';
export * from './gift-aid-schedule.js';
export * from './mailing.js';
export * from './permissions.js';
export * from './prayer-privacy.js';
export * from './request-kinds.js';
export * from './roles.js';
