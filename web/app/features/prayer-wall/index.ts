export { PrayerWallCard } from './prayer-wall-card';
export { loadPrayerWall, prayFor, type PrayedAnswer } from './prayer-wall';
