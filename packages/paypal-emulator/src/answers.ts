import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ErrorBody } from './paypal-shapes.js';

/** What an API call answers: an HTTP status and a JSON body in PayPal's shapes. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

function error(status: number, name: string, issue: string, description: string, field?: string): Answer<ErrorBody> {
  const messages: Record<number, string> = {
    400: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    404: 'The specified resource does not exist.',
    422: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  };
  return {
    status,
    body: {
      name,
      message: messages[status] ?? name,
      debug_id: randomBytes(7).toString('hex'),
      details: [{ issue, description, ...(field ? { field } : {}) }],
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }],
    },
  };
}

export const notFound = () =>
  error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
export const invalid = (field: string, issue: string, description: string) => error(400, 'INVALID_REQUEST', issue, description, field);
export const unprocessable = (issue: string, description: string) => error(422, 'UNPROCESSABLE_ENTITY', issue, description);

/** An id in PayPal's style: upper-case letters and digits. */
export function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
