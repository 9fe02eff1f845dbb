import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { createTransport } from './transport';

const answering = (body: unknown, status = 200) => vi.fn<typeof fetch>(async () => Response.json(body, { status }));

describe("the console's own GraphQL calls and downloads", () => {
  it('sends the token current at the time of the call, an Idempotency-Key when asked, and answers the data', async () => {
    const session = { token: 'staff-token' };
    const fetch = answering({ data: { refundDonation: { id: '7' } } });
    const { call } = createTransport(() => session.token, fetch);
    await expect(call('mutation Refund { refundDonation(id: "7") { id } }', { id: '7' }, { idempotencyKey: 'key-1' })).resolves.toEqual({ refundDonation: { id: '7' } });
    session.token = 'new-token';
    await call('query CareTeam { careTeam { id } }');
    const headers = fetch.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers.map((sent) => sent.get('authorization'))).toEqual(['Bearer staff-token', 'Bearer new-token']);
    expect(headers.map((sent) => sent.get('idempotency-key'))).toEqual(['key-1', null]);
    expect(JSON.parse(fetch.mock.calls[0][1]?.body as string)).toMatchObject({ variables: { id: '7' } });
  });

  it("fails with the server's own words, the status its code means and the fields it names", async () => {
    const refusal = { data: null, errors: [{ message: 'There must be at least one Admin', extensions: { code: 'BAD_USER_INPUT', field: 'role' } }] };
    const failure = await createTransport(() => 'token', answering(refusal))
      .call('mutation { updateUser(id: "1", role: Member) { id } }')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', message: 'There must be at least one Admin', fieldErrors: { role: 'There must be at least one Admin' } });
    const ended = createTransport(() => 'token', answering({ errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] }, 401));
    await expect(ended.call('query { careTeam { id } }')).rejects.toMatchObject({ status: 401, message: 'Your session has ended. Please log in again.' });
  });

  it('says so when the server cannot be reached or answers no JSON', async () => {
    const unreachable = createTransport(() => 'token', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(unreachable.call('query { careTeam { id } }')).rejects.toMatchObject({ message: 'The server could not be reached. Please check your connection and try again.' });
    const gateway = createTransport(() => 'token', vi.fn<typeof fetch>(async () => new Response('Bad gateway', { status: 502 })));
    await expect(gateway.call('query { careTeam { id } }')).rejects.toMatchObject({ status: 502 });
  });

  it('downloads with the token and saves under the name the server gives; a refusal is an ApiError', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:schedule');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="gift-aid-claim-4.csv"' } }));
    const { download } = createTransport(() => 'finance-token', fetch);
    await expect(download('/api/gift-aid/claims/4/schedule.csv', 'schedule.csv')).resolves.toBe('gift-aid-claim-4.csv');
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer finance-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('gift-aid-claim-4.csv');

    const refused = createTransport(() => 'member-token', vi.fn<typeof globalThis.fetch>(async () => new Response('', { status: 403 })));
    const failure = await refused.download('/api/gift-aid/claims/4/schedule.csv', 'schedule.csv').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'You are not authorised to access this page' });
    expect(click).toHaveBeenCalledTimes(1);
  });
});
