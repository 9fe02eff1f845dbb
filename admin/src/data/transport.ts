import { downloadFile } from '@ministry/browser';
import { toApiError } from './errors';

export type CallOptions = {
  /** Sent as `Idempotency-Key`: the same key sent again (a retry, a second click) does the action once. */
  idempotencyKey?: string;
};

/** One GraphQL operation with the signed-in person's token; answers its data or throws an ApiError. */
export type GraphqlCall = <T>(query: string, variables?: Record<string, unknown>, options?: CallOptions) => Promise<T>;

/** Saves a file the API serves to staff; answers the name it was saved under or throws an ApiError. */
export type Download = (path: string, fileName: string) => Promise<string>;

/** What the data provider's own methods (those that are not a list, read or update) are built on. */
export type Transport = { call: GraphqlCall; download: Download };

type Answer = { data?: Record<string, unknown> | null; errors?: unknown[] };

/**
 * The console's plain requests, used only by the data provider: GraphQL operations that are not generated from
 * the schema (replying to a request, refunding, claiming Gift Aid), and file downloads. Both send the token
 * current at the time of the call, and fail with the same ApiError as every other call.
 */
export function createTransport(getToken: () => string | undefined, fetchImpl: typeof fetch = (...args) => fetch(...args), uri = '/graphql'): Transport {
  const authorization = (): Record<string, string> => {
    const token = getToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  };

  const call: GraphqlCall = async <T>(query: string, variables: Record<string, unknown> = {}, { idempotencyKey }: CallOptions = {}) => {
    let response: Response;
    try {
      response = await fetchImpl(uri, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authorization(), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: JSON.stringify({ query, variables }),
      });
    } catch (error) {
      throw toApiError(error);
    }
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (answer.errors?.length) throw toApiError({ status: response.status, errors: answer.errors });
    if (!answer.data) throw toApiError(Object.assign(new Error('The server gave no answer. Please try again.'), { status: response.ok ? 500 : response.status }));
    return answer.data as T;
  };

  const download: Download = async (path, fileName) => {
    try {
      return await downloadFile(path, { fileName, headers: authorization(), fetch: fetchImpl });
    } catch (error) {
      throw toApiError(error);
    }
  };

  return { call, download };
}
