// The privacy centre as the rest of the server sees it: the contract each feature's personal data source fulfils comes
// first, so a source can be read while the privacy module, which imports features, is still loading.
export { type DataSubject, type PersonalDataContribution, PersonalDataSource, type RetentionDone } from './personal-data-source.js';
export { PrivacyModule } from './privacy.module.js';
