import { currentToken } from '../auth/session';

/** A refusal from the API, with the input it names when it names one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One GraphQL operation with the signed-in staff member's token, for screens that are not plain resources. */
export async function graphqlCall<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = currentToken();
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { field?: string; code?: string } }[] };
  if (body.errors?.length) throw new ApiError(body.errors[0].message, body.errors[0].extensions?.field, body.errors[0].extensions?.code);
  return body.data as T;
}
