/** A date-time input's local value as an ISO instant (the browser's zone is the admin's, London for our volunteers). */
export const toIsoOrNull = (value: string | null) => (value ? new Date(value).toISOString() : null);
