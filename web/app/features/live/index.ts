export { Countdown, whenInWords } from './countdown';
export { HlsPlayer } from './hls-player';
export { LIVE_QUERY, type LiveData, type LiveStream, type NextService } from './live-query';
export { PrayerPanel } from './prayer-panel';
export { useWhenReached } from './when-reached';
