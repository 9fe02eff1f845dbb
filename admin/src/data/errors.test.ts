import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { ApiError, NOT_AUTHORISED, NOT_UNDERSTOOD, SERVER_FAILED, SESSION_ENDED, UNREACHABLE, toApiError } from './errors';

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
    expect(error).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', field: 'postcode', fieldErrors: { postcode: 'The postcode must be a UK postcode', firstName: 'Enter the first name' } });
    expect(error.body).toEqual({ errors: { postcode: 'The postcode must be a UK postcode', firstName: 'Enter the first name', root: { serverError: 'The postcode must be a UK postcode' } } });
  });
});

describe('what a volunteer reads of a refusal', () => {
  const refusal = (field: string, message: string) => toApiError({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field, errors: [{ field, message }] } }] });

  it.each([
    ['amount', 'amount must be a number conforming to the specified constraints', 'Enter the amount as a number'],
    ['listId', 'listId is required', 'Choose the list'],
    ['listId', 'listId should not be empty', 'Choose the list'],
    ['mailingChoices', 'mailingChoices must be a list', 'Choose the mailing choices'],
    ['mailingChoices', 'mailingChoices must be an array', 'Choose the mailing choices'],
    ['booking.capacity', 'capacity must not be less than 1', 'The capacity must be at least 1'],
    ['title', 'title must be shorter than or equal to 200 characters', 'The title must be 200 characters or fewer'],
    ['status', 'status must be one of the following values: Draft, Authorised', 'Choose the status from the list'],
    ['podcast_email', 'podcast_email must be an email', 'Enter the podcast email as an email address, like name@example.com'],
  ])('words %s: "%s"', (field, message, words) => {
    const error = refusal(field, message);
    expect(error.fieldErrors).toEqual({ [field]: words });
    expect(error.message).toBe(words);
  });

  it('keeps a message already in people’s words', () => {
    expect(refusal('startsAt', 'Choose a start after today').fieldErrors).toEqual({ startsAt: 'Choose a start after today' });
  });

  it('puts a variable GraphQL refused under its field, and never its words', () => {
    const cases = [
      ['Variable "$amount" got invalid value "ten"; Float cannot represent non numeric value: "ten"', 'amount', 'Enter the amount as a number'],
      ['Variable "$capacity" got invalid value 2.5; Int cannot represent non-integer value: 2.5', 'capacity', 'Enter the capacity as a whole number'],
      ['Variable "$listId" of required type "ID!" was not provided.', 'listId', 'Choose the list'],
      ['Variable "$title" of non-null type "String!" must not be null.', 'title', 'Enter the title'],
      ['Variable "$title" got invalid value 7; String cannot represent a non string value: 7', 'title', 'Check the title and save again'],
    ];
    for (const [message, field, words] of cases) {
      const error = toApiError({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
      expect(error.fieldErrors).toEqual({ [field]: words });
      expect(error.message).toBe(words);
    }
  });

  it('says plainly when the server did not understand the request, naming no query, type or class', () => {
    for (const message of ['Cannot query field "colour" on type "Video".', 'Unknown argument "colour" on field "Mutation.updateVideo".', 'Syntax Error: Expected Name, found <EOF>.']) {
      const error = toApiError({ errors: [{ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
      expect(error.message).toBe(NOT_UNDERSTOOD);
    }
    expect(toApiError({ errors: [{ message: 'QueryFailedError: duplicate key', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }).message).toBe(SERVER_FAILED);
    expect(toApiError({ errors: [{ message: 'property colour should not exist on CreateVideoArgs', extensions: { code: 'BAD_USER_INPUT' } }] }).message).toBe(NOT_UNDERSTOOD);
  });
});
