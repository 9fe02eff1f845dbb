// Event booking as the rest of the server sees it; every other file of bookings/ is its own.
export { BookingsModule } from './bookings.module.js';
export { BookingSweepService } from './booking-sweep.service.js';
