export { PrayerWallCard } from './prayer-wall-card';
export { loadPrayerWall, prayedText, prayFor, type PrayedAnswer } from './prayer-wall';
