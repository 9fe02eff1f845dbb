export { confirmEmail, GENDERS, logIn, MARITAL_STATUSES, register, requestReset, resetPassword, safeNext, TITLES } from './accounts';
export { GeoFields } from './geo-fields';
