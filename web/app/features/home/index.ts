export { MeetingBlock, VisitBlock } from './home-blocks';
export { loadHome, type VisitImage } from './home-query';
export { HeroSlider } from './hero-slider';
