import { currentToken } from '../auth/session';
import { toHttpError } from './errors';

type Answer<T> = { data?: T | null; errors?: unknown[] };

interface RequestOptions {
  fetchImpl?: typeof fetch;
  /** Sent as `Idempotency-Key`: the same key sent again (a retry, a second click) does the action once. */
  idempotencyKey?: string;
}

/**
 * One GraphQL operation sent with the signed-in person's token, for the console's actions that are not a plain
 * list, read or update (replying to a request, moderating the prayer wall, assigning a role). Failures are the
 * same HttpErrors the data provider throws, so screens show the server's own words.
 */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  const token = currentToken();
  const { fetchImpl = (...args) => fetch(...args), idempotencyKey } = options;
  let response: Response;
  try {
    response = await fetchImpl('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch (error) {
    throw toHttpError(error);
  }
  const answer = (await response.json().catch(() => ({}))) as Answer<T>;
  if (answer.errors?.length) throw toHttpError(answer);
  if (!answer.data) throw toHttpError(Object.assign(new Error('The server gave no answer. Please try again.'), { status: response.ok ? 500 : response.status }));
  return answer.data;
}
