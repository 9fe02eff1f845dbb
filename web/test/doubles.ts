import type { AppLoadContext } from 'react-router';
import { vi } from 'vitest';
import type { GraphqlOptions, GraphqlResult, GraphqlVariables } from '../app/lib/graphql';
import { saveSession } from '../app/lib/session';

export type SentOperation = { query: string; variables: Record<string, unknown>; token: string | null; idempotencyKey: string | null };

/**
 * Stands in for the server behind the browser's `POST /graphql`: `answer` decides the reply to each operation,
 * and every operation sent is recorded with the token it carried.
 */
export function answerGraphql(answer: (operation: SentOperation) => GraphqlResult<unknown>): SentOperation[] {
  const sent: SentOperation[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/graphql') throw new Error(`Unexpected request to ${url}`);
      const body = JSON.parse(init.body as string) as { query: string; variables: Record<string, unknown> };
      const headers = new Headers(init.headers);
      const operation = { ...body, token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null, idempotencyKey: headers.get('idempotency-key') };
      sent.push(operation);
      return Response.json(answer(operation));
    }),
  );
  return sent;
}

export const MEMBER = { id: '7', title: 'Sister', firstname: 'Priscilla', lastname: 'Aquila', email: 'priscilla@example.net', phone: '020 7946 0321', role: 'Member', permissions: [], country: 'United Kingdom', state: 'England', city: 'London' } as const;

export function signIn(token = 'member-token') {
  saveSession(token, { ...MEMBER });
}

export type ServerOperation = { query: string; variables: GraphqlVariables; options?: GraphqlOptions };

/** A load context whose in-process GraphQL replies with `answer`, recording every operation a loader or action runs. */
export function fakeServer(answer: (operation: ServerOperation) => GraphqlResult<unknown>) {
  const sent: ServerOperation[] = [];
  const context = {
    cspNonce: '',
    publicUrl: 'https://church.example',
    testPayments: false,
    graphql: async (query: string, variables: GraphqlVariables = {}, options?: GraphqlOptions) => {
      const operation = { query, variables, ...(options && { options }) };
      sent.push(operation);
      return answer(operation);
    },
  } as AppLoadContext;
  return { context, sent };
}

/** A GraphQL error as the server words a bad input: tied to the field it names. */
export const fieldError = (field: string, message: string) => ({ message, extensions: { code: 'BAD_USER_INPUT', field } });
