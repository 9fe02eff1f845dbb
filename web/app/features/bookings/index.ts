export { BookingPanel } from './booking-panel';
export { BookingCard } from './booking-card';
export { LinkActionPage } from './link-action-page';
export * from './bookings';
