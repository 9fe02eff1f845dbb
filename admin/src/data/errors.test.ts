import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { ApiError, NOT_AUTHORISED, SESSION_ENDED, UNREACHABLE, toApiError } from './errors';

describe('API errors as one ApiError, a react-admin HttpError', () => {
  it('follows extensions.code for the status', () => {
    expect(toApiError({ graphQLErrors: [{ message: 'The post was not found', extensions: { code: 'NOT_FOUND' } }] })).toMatchObject({ status: 404, message: 'The post was not found' });
    expect(toApiError({ graphQLErrors: [{ message: 'Categories with posts cannot be deleted', extensions: { code: 'CONFLICT' } }] })).toMatchObject({ status: 409 });
    expect(toApiError({ graphQLErrors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] })).toMatchObject({ status: 401, message: SESSION_ENDED });
  });

  it('keeps an HTTP status when the body says nothing, and names a refusal plainly', () => {
    expect(toApiError({ status: 403 })).toMatchObject({ status: 403, message: NOT_AUTHORISED });
    expect(toApiError({ networkError: { statusCode: 429 }, message: 'Response not successful' })).toMatchObject({ status: 429 });
  });

  it('says the server could not be reached when the network failed', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ status: 500, message: UNREACHABLE });
  });

  it("puts each field the server names under that field, with the code", () => {
    const refusal = {
      errors: [
        {
          message: 'postcode must be a UK postcode',
          extensions: { code: 'BAD_USER_INPUT', field: 'postcode', errors: [{ field: 'postcode', message: 'postcode must be a UK postcode' }, { field: 'firstName', message: 'firstName is required' }] },
        },
      ],
    };
    const error = toApiError(refusal);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', field: 'postcode', fieldErrors: { postcode: 'postcode must be a UK postcode', firstName: 'firstName is required' } });
    expect(error.body).toEqual({ errors: { postcode: 'postcode must be a UK postcode', firstName: 'firstName is required', root: { serverError: 'postcode must be a UK postcode' } } });
  });
});
