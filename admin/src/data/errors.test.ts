import { describe, expect, it } from 'vitest';
import { NOT_AUTHORISED, SESSION_ENDED, UNREACHABLE, toHttpError } from './errors';

describe('API errors as react-admin HttpErrors', () => {
  it('follows extensions.code for the status', () => {
    expect(toHttpError({ graphQLErrors: [{ message: 'The post was not found', extensions: { code: 'NOT_FOUND' } }] })).toMatchObject({ status: 404, message: 'The post was not found' });
    expect(toHttpError({ graphQLErrors: [{ message: 'Categories with posts cannot be deleted', extensions: { code: 'CONFLICT' } }] })).toMatchObject({ status: 409 });
    expect(toHttpError({ graphQLErrors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] })).toMatchObject({ status: 401, message: SESSION_ENDED });
  });

  it('keeps an HTTP status when the body says nothing, and names a refusal plainly', () => {
    expect(toHttpError({ status: 403 })).toMatchObject({ status: 403, message: NOT_AUTHORISED });
    expect(toHttpError({ networkError: { statusCode: 429 }, message: 'Response not successful' })).toMatchObject({ status: 429 });
  });

  it('says the server could not be reached when the network failed', () => {
    expect(toHttpError(new TypeError('Failed to fetch'))).toMatchObject({ status: 500, message: UNREACHABLE });
  });
});
