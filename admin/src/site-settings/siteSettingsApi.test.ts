import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSiteSettings, SettingsError } from './siteSettingsApi';

type Call = { query: string; variables: Record<string, unknown> };

const answer = (body: unknown) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    calls.push(JSON.parse(init.body as string) as Call);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    expect(failure).toBeInstanceOf(SettingsError);
    expect(failure).toMatchObject({ field: 'phone', message: expect.stringContaining('telephone') });
  });
});
