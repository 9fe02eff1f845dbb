import { defaultI18nProvider, type I18nProvider } from 'react-admin';

/** Wording for volunteers where react-admin's English defaults are technical. */
const WORDING: Record<string, string> = {
  'ra.auth.username': 'Email address',
  'ra.auth.sign_in': 'Log in',
  'ra.auth.logout': 'Log out',
  'ra.auth.auth_check_error': 'Please log in to continue',
  'ra.notification.logged_out': 'Your session has ended. Please log in again.',
  'ra.notification.created': 'Saved',
  'ra.notification.updated': 'Changes saved',
  'ra.notification.deleted': 'Deleted',
  'ra.notification.item_doesnt_exist': 'This record does not exist, or your role does not include it.',
  'ra.message.invalid_form': 'Some fields need changing: each says what to do beside it.',
  'ra.notification.http_error': 'The server could not be reached. Please try again in a moment.',
  'ra.message.delete_content': 'Are you sure you want to delete this? It cannot be brought back.',
  'ra.message.bulk_delete_content': 'Are you sure you want to delete the selected items? They cannot be brought back.',
};

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => WORDING[key] ?? defaultI18nProvider.translate(key, options),
};
