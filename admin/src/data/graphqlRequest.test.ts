import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../auth/session';
import { graphqlRequest } from './graphqlRequest';

const answering = (body: unknown, status = 200) => vi.fn<typeof fetch>(async () => Response.json(body, { status }));

describe('one GraphQL action of the console', () => {
  beforeEach(() => localStorage.clear());

  it('sends the signed-in person’s token and answers the data', async () => {
    saveSession({ token: 'staff-token', user: { id: '1', firstname: 'A', lastname: 'B', email: 'a@b.org', role: 'Pastor', permissions: ['console:sign-in'] } });
    const fetch = answering({ data: { replyToCareRequest: { id: '9' } } });
    await expect(graphqlRequest('mutation Reply { replyToCareRequest(id: "x", body: "y") { id } }', { id: 'x' }, { fetchImpl: fetch })).resolves.toEqual({ replyToCareRequest: { id: '9' } });
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer staff-token');
  });

  it("shows the server's own words when it refuses, with the status its code means", async () => {
    const fetch = answering({ data: null, errors: [{ message: 'There must be at least one Admin', extensions: { code: 'BAD_USER_INPUT' } }] });
    await expect(graphqlRequest('mutation { updateUser(id: "1", role: Member) { id } }', {}, { fetchImpl: fetch })).rejects.toMatchObject({ status: 400, message: 'There must be at least one Admin' });
    const forbidden = answering({ data: null, errors: [{ message: 'You are not authorised to access this page', extensions: { code: 'FORBIDDEN' } }] });
    await expect(graphqlRequest('query { careTeam { id } }', {}, { fetchImpl: forbidden })).rejects.toMatchObject({ status: 403, message: 'You are not authorised to access this page' });
  });

  it('says so when the server cannot be reached or answers no JSON', async () => {
    await expect(graphqlRequest('query { careTeam { id } }', {}, { fetchImpl: vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))) })).rejects.toMatchObject({
      message: 'The server could not be reached. Please check your connection and try again.',
    });
    await expect(graphqlRequest('query { careTeam { id } }', {}, { fetchImpl: vi.fn<typeof fetch>(async () => new Response('Bad gateway', { status: 502 })) })).rejects.toMatchObject({ status: 502 });
  });
});
