export { AudioPlayer } from './audio-player';
export { SermonByline, SermonCard, SermonGrid, sermonDate, Subscribe } from './sermon-card';
export { SermonFilterForm, SermonPages } from './sermon-filters';
export { AllSermonsLink, profileMeta, SermonProfile, SERIES_PAGE, SPEAKER_PAGE } from './sermon-profile';
export { Chapters, PassageLinks, Transcript } from './sermon-parts';
export { sermonImage, sermonLd } from './sermon-ld';
export { filtersOf, loadSermon, loadSermonsPage, loadSeries, loadSpeaker, sermonsUrl, type SermonCardData, type SermonDetail, type SermonFilters } from './queries';
export { durationInWords } from './sermon-text';
