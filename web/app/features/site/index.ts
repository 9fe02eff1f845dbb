export { blogPostingLd, breadcrumbLd, churchLd, eventLd, JsonLd, videoObjectLd } from './structured-data';
export { loadPastors, loadSiteSettings, postalAddress, scheduleWhen, settingsOf, spokenTime, usePublicUrl, useSiteSettings, type Pastor, type SiteSettings, type SocialNetwork } from './settings';
