// The site's settings and published pages as the rest of the server sees them; every other file of site/ is its own.
export { SiteModule } from './site.module.js';
export { SiteSettingsService } from './site-settings.service.js';
export { CharityType, SiteSettings } from './site-settings.entity.js';
export { isYearEnd, type PeriodSettings, TAX_YEAR_END } from './accounting-year.js';
export { DEMO_SITE_SETTINGS } from './demo-settings.js';
export { isPublishedPath } from './publishing.controller.js';
export { icalendarText } from './calendar.service.js';
export { absoluteUrl } from './public-urls.js';
