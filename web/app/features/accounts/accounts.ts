import { redirect } from 'react-router';
import { browserGraphql, errorCode, toFormErrors, type FormErrors, type GraphqlCaller } from '../../lib/graphql';
import { saveSession, SESSION_USER_FIELDS, type SessionUser } from '../../lib/session';
import { formText } from '../../lib/form-data';
import { mailingChoicesOf, tickedValues } from '../../lib/mailing-choices';

/** Titles offered as suggestions; a member may write any other, or none. */
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Rev', 'Pastor', 'Brother', 'Sister', 'Deacon', 'Deaconess', 'Bishop'];
/** The answers the server takes (api-contract: register); the empty answer is "Prefer not to say". */
export const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
  { value: 'other', label: 'Another way' },
];
export const MARITAL_STATUSES = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'civil', label: 'In a civil partnership' },
  { value: 'separated', label: 'Separated' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widow', label: 'Widowed' },
];

const REGISTER_FIELDS = ['title', 'firstname', 'lastname', 'gender', 'marital_status', 'phone', 'email', 'password', 'country', 'state', 'city', 'address'] as const;

const REGISTER = `mutation Register($title: String, $firstname: String!, $lastname: String!, $gender: String, $marital_status: String, $phone: String!,
  $email: String!, $password: String!, $country: String, $state: String, $city: String, $address: String, $mailingChoices: [MailingChoiceInput!]) {
  register(title: $title, firstname: $firstname, lastname: $lastname, gender: $gender, marital_status: $marital_status, phone: $phone,
    email: $email, password: $password, country: $country, state: $state, city: $city, address: $address, mailingChoices: $mailingChoices) { id }
}`;

export type AccountFormResult = { errors: FormErrors; values: Record<string, string> };

/** Registration (spec §4): null when the account was made, else its errors; the password never comes back to the page. */
export async function register(graphql: GraphqlCaller, form: FormData): Promise<AccountFormResult | null> {
  const values: Record<string, string> = {};
  for (const field of REGISTER_FIELDS) values[field] = formText(form, field).trim();
  values.password = formText(form, 'password');
  const result = await graphql.request(REGISTER, { ...values, ...mailingChoicesOf(form) });
  if (!result.errors?.length) return null;
  const { password: _password, ...kept } = values;
  return { errors: toFormErrors(result.errors), values: { ...kept, ...tickedValues(form) } };
}


const LOGIN = `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token user { ${SESSION_USER_FIELDS} } } }`;

/** Spec §5: both fields must be filled before the call, with these words. */
export const EMPTY_EMAIL = 'kindly enter your email address to continue';
export const EMPTY_PASSWORD = 'kindly enter your password to continue';

/** Member login in the browser: the token is kept in this browser's storage and sent as a bearer token. */
export async function logIn(email: string, password: string): Promise<FormErrors | null> {
  const fields: Record<string, string> = {};
  if (!email) fields.email = EMPTY_EMAIL;
  if (!password) fields.password = EMPTY_PASSWORD;
  if (Object.keys(fields).length) return { fields };
  const result = await browserGraphql().request<{ login: { token: string; user: SessionUser } }>(LOGIN, { email, password });
  const login = result.data?.login;
  if (result.errors?.length || !login) return toFormErrors(result.errors ?? []);
  saveSession(login.token, login.user);
  return null;
}

/** Only a path on this site may follow a login (never another origin). */
export function safeNext(raw: string | null): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '/user/user-dashboard';
}

const SEND_RESET = 'mutation SendResetToken($email: String!) { sendResetToken(email: $email) }';

export const RESET_REQUEST_FAILED = 'email account not found, kindly ensure you have entered your correct email';

/** Spec §4: a reset link by e-mail, then the 'check your email' page. */
export async function requestReset(graphql: GraphqlCaller, form: FormData): Promise<AccountFormResult> {
  const email = formText(form, 'email').trim();
  const result = await graphql.request(SEND_RESET, { email });
  if (!result.errors?.length) throw redirect('/password-sent');
  // Spec §8 answers every failure with one message; being told to slow down is more useful than "not found".
  const message = errorCode(result.errors) === 'TOO_MANY_REQUESTS' ? result.errors[0].message : RESET_REQUEST_FAILED;
  return { errors: { fields: { email: message } }, values: { email } };
}

const RESET = 'mutation ResetPassword($token: String!, $newPassword: String!) { resetPassword(token: $token, newPassword: $newPassword) }';

export const RESET_FAILED = 'Error resetting password';

export type ResetResult = { done: true } | { done: false; errors: FormErrors };

export async function resetPassword(graphql: GraphqlCaller, form: FormData): Promise<ResetResult> {
  const result = await graphql.request(RESET, { token: formText(form, 'token'), newPassword: formText(form, 'newPassword') });
  if (!result.errors?.length) return { done: true };
  const { fields } = toFormErrors(result.errors);
  const message = fields.token ? `${RESET_FAILED}. ${fields.token}` : RESET_FAILED;
  return { done: false, errors: { fields: fields.newPassword ? { newPassword: fields.newPassword } : {}, message } };
}

const VERIFY_EMAIL = 'mutation VerifyEmail($token: String!, $password: String) { verifyEmail(token: $token, password: $password) }';

export type ConfirmEmailResult = { done: true } | { done: false; errors: FormErrors };

/**
 * Confirms the address a link was mailed to, from the link's token, for the account's owner: a caller signed in as
 * them (the browser's session), or one giving the account's password. The server's refusal of the password is tied
 * to its field; any other (a used or expired link) comes above the form.
 */
export async function confirmEmail(graphql: GraphqlCaller, form: FormData): Promise<ConfirmEmailResult> {
  const password = formText(form, 'password');
  const result = await graphql.request(VERIFY_EMAIL, { token: formText(form, 'token'), ...(password && { password }) });
  if (!result.errors?.length) return { done: true };
  const { fields, message } = toFormErrors(result.errors);
  if (fields.password) return { done: false, errors: { fields: { password: fields.password } } };
  return { done: false, errors: { fields: {}, message: message ?? Object.values(fields)[0] } };
}
