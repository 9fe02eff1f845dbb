import { describe, expect, it } from 'vitest';
import { ApiError } from '../data/errors';
import { createTransport } from '../data/transport';
import { siteSettingsMethods } from './siteSettingsApi';

type Call = { query: string; variables: Record<string, unknown> };

let saveSiteSettings: ReturnType<typeof siteSettingsMethods>['saveSiteSettings'];

/** The settings methods over a server that records what it is sent and answers `body`. */
const answer = (body: unknown) => {
  const calls: Call[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push(JSON.parse(init?.body as string) as Call);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  ({ saveSiteSettings } = siteSettingsMethods(createTransport(() => 'admin-token', fetch)));
  return calls;
};

describe('saving site settings', () => {
  it('sends every edited field without what GraphQL added, and answers the saved record', async () => {
    const calls = answer({ data: { updateSiteSettings: { name: 'Grace Harbour', serviceTimes: [{ __typename: 'ServiceTime', name: 'Sunday service', when: '10am' }] } } });
    const saved = await saveSiteSettings({
      id: 'site-settings',
      name: 'Grace Harbour',
      phoneUri: 'tel:+442079460123',
      serviceTimes: [{ __typename: 'ServiceTime', name: 'Sunday service', when: '10am' }, null],
    });
    expect(calls[0].query).toContain('updateSiteSettings(');
    expect(calls[0].variables).toMatchObject({ name: 'Grace Harbour', serviceTimes: [{ name: 'Sunday service', when: '10am' }], phone: '', emails: null });
    expect(calls[0].variables).not.toHaveProperty('phoneUri');
    expect(saved).toEqual({ id: 'site-settings', name: 'Grace Harbour', serviceTimes: [{ name: 'Sunday service', when: '10am' }] });
  });

  it("sends the charity's type and accounting year end, and leaves them out when empty", async () => {
    const calls = answer({ data: { updateSiteSettings: { charityType: 'CIO', accountingYearEnd: '12-31' } } });
    await saveSiteSettings({ charityType: 'CIO', accountingYearEnd: '12-31' });
    expect(calls[0].query).toContain('accountingYearEnd: $accountingYearEnd');
    expect(calls[0].variables).toMatchObject({ charityType: 'CIO', accountingYearEnd: '12-31' });
    await saveSiteSettings({ charityType: null, accountingYearEnd: '' });
    expect(calls[1].variables).not.toHaveProperty('charityType');
    expect(calls[1].variables).not.toHaveProperty('accountingYearEnd');
  });

  it('reports the field the server names', async () => {
    answer({ errors: [{ message: 'phone must be a telephone number, e.g. 020 7946 0123', extensions: { code: 'BAD_USER_INPUT', field: 'phone' } }] });
    const failure = await saveSiteSettings({ phone: 'nonsense' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, field: 'phone', fieldErrors: { phone: expect.stringContaining('telephone') } });
  });
});
