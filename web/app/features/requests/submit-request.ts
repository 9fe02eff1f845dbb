import { CONTACT_REASON_LABELS, CONTACT_REASONS } from '@ministry/shared';
import { data, redirect, type HeadersFunction } from 'react-router';
import { ALREADY_SENT, keyRefused, toFormErrors, type FormErrors, type GraphqlCaller } from '../../lib/graphql';
import { formText } from '../../lib/form-data';

/** The hidden field that carries a form's idempotency key (api-contract: Idempotency-Key). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/**
 * A form page's loader data with a new idempotency key, made on the server for this render of the form: a retry
 * of the same submission (after an error, with or without JavaScript) sends the same key, so it is stored once.
 * The page is this visitor's own, so it says `no-store` and the page cache never hands it to another visitor.
 */
export function withFormKey<T extends object>(loaderData: T) {
  return data({ ...loaderData, idempotencyKey: crypto.randomUUID() }, { headers: { 'Cache-Control': 'no-store' } });
}

/** A form page's headers: its loader's `no-store` on the page and on its data for a navigation in the browser. */
export const formPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
};

/** The public forms of spec §2 and the GraphQL mutation each one calls (api-contract: Requests). */
const REQUEST_FORMS = {
  contact: {
    fields: ['name', 'email', 'phone', 'reason', 'message'],
    mutation: `mutation ContactUs($name: String!, $email: String!, $phone: String!, $reason: String!, $message: String!, $website: String) {
      createContactEnquiry(name: $name, email: $email, phone: $phone, reason: $reason, message: $message, website: $website) { id }
    }`,
  },
  question: {
    fields: ['email', 'question'],
    mutation: `mutation AskQuestion($email: String!, $question: String!, $website: String) {
      createQuestion(email: $email, question: $question, website: $website) { id }
    }`,
  },
  counselling: {
    fields: ['name', 'email', 'phone', 'description'],
    mutation: `mutation RequestCounselling($name: String!, $email: String!, $phone: String!, $description: String!, $website: String) {
      createCounsellingRequest(name: $name, email: $email, phone: $phone, description: $description, website: $website) { id }
    }`,
  },
  baptism: {
    fields: ['name', 'email', 'phone'],
    mutation: `mutation RequestBaptism($name: String!, $email: String!, $phone: String!, $website: String) {
      createBaptismRequest(name: $name, email: $email, phone: $phone, website: $website) { id }
    }`,
  },
} as const;

export type RequestKind = keyof typeof REQUEST_FORMS;

/** What a failed submission gives back to the page: the errors, what the visitor typed, and the key to send it again under. */
export type RequestFormResult = { errors: FormErrors; values: Record<string, string>; idempotencyKey: string };

/** The contact form's reasons, as the server accepts them. */
export const CONTACT_REASON_CHOICES = CONTACT_REASONS.map((value) => ({ value, label: CONTACT_REASON_LABELS[value] }));

/**
 * Sends one public form to the API from the page's action (so it works before JavaScript loads too), under the
 * form's idempotency key. Success goes to /success (spec §4); a failure returns the server's messages for the
 * form to show, and the same key, so sending again after an outage stores the form once. A key the API refused
 * (the form was stored before the visitor changed it) is replaced, so sending again sends the changed form.
 */
export async function submitRequest(graphql: GraphqlCaller, kind: RequestKind, form: FormData): Promise<RequestFormResult> {
  const { fields, mutation } = REQUEST_FORMS[kind];
  const values: Record<string, string> = {};
  for (const field of fields) values[field] = formText(form, field).trim();
  const idempotencyKey = formText(form, IDEMPOTENCY_FIELD) || crypto.randomUUID();
  const result = await graphql.request(mutation, { ...values, website: formText(form, 'website') }, { idempotencyKey });
  if (!result.errors?.length) throw redirect('/success');
  if (keyRefused(result.errors)) {
    return { errors: { fields: {}, message: ALREADY_SENT }, values, idempotencyKey: crypto.randomUUID() };
  }
  return { errors: toFormErrors(result.errors), values, idempotencyKey };
}
