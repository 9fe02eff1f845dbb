// The privacy centre as the rest of the server sees it. A feature's personal data source imports only these types
// (its decorator is in common/), so it never loads the privacy module, which in turn loads the features.
export type { DataSubject, PersonalDataContribution, RetentionDone } from './personal-data-source.js';
export { PrivacyModule } from './privacy.module.js';
