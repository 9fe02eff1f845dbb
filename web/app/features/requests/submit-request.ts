import { redirect } from 'react-router';
import { toFormErrors, type FormErrors, type GraphqlCaller } from '../../lib/graphql';
import { formText } from '../../lib/form-data';

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

/** What a failed submission gives back to the page: the errors and what the visitor typed. */
export type RequestFormResult = { errors: FormErrors; values: Record<string, string> };

export const CONTACT_REASONS = [
  { value: 'counselling', label: 'Counselling' },
  { value: 'wedding', label: 'Wedding' },
  { value: 'prayer', label: 'Prayer' },
  { value: 'baptism', label: 'Baptism' },
  { value: 'other', label: 'Something else' },
];

/**
 * Sends one public form to the API from the page's action (so it works before JavaScript loads too).
 * Success goes to /success (spec §4); a failure returns the server's messages for the form to show.
 */
export async function submitRequest(graphql: GraphqlCaller, kind: RequestKind, form: FormData): Promise<RequestFormResult> {
  const { fields, mutation } = REQUEST_FORMS[kind];
  const values: Record<string, string> = {};
  for (const field of fields) values[field] = formText(form, field).trim();
  const result = await graphql.request(mutation, { ...values, website: formText(form, 'website') });
  if (!result.errors?.length) throw redirect('/success');
  return { errors: toFormErrors(result.errors), values };
}
