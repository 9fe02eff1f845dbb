export { blogPostingLd, breadcrumbLd, churchLd, eventLd, JsonLd, videoObjectLd } from './structured-data';
