import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, TestApp } from './support/test-app.js';

const READ = '{ siteSettings { name phone phoneUri addressLines postcode serviceTimes { name when } weeklySchedule { day activity opens closes } } }';

describe('site settings', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (args: string, token?: string) => t.gql(`mutation { updateSiteSettings(${args}) { name phone phoneUri } }`, {}, token);

  it('lets visitors read them, and only admins change them (visitor UNAUTHENTICATED 401, member FORBIDDEN 403)', async () => {
    const read = await t.gql(READ);
    expect(read.errors).toBeUndefined();
    expect(read.data.siteSettings).toMatchObject({ name: '', phone: '', phoneUri: null, addressLines: [] });

    const visitor = await update('phone: "020 7946 0999"');
    expect(visitor.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const member = await t.member();
    const asMember = await update('phone: "020 7946 0999"', member.token);
    expect(asMember.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('changes the fields sent, keeps the others, and visitors see the change at once', async () => {
    await t.gql(READ); // now in the public read cache
    const saved = await update(
      'name: "Grace Harbour", phone: "020 7946 0123", addressLines: ["12 Example Street", "London"], postcode: "E1 7AA", serviceTimes: [{ name: "Sunday service", when: "10am" }], weeklySchedule: [{ day: "Sunday", activity: "Sunday service", opens: "10:00", closes: "12:30" }]',
      admin,
    );
    expect(saved.data.updateSiteSettings).toEqual({ name: 'Grace Harbour', phone: '020 7946 0123', phoneUri: 'tel:+442079460123' });
    await update('phone: "020 7946 0456"', admin);
    const read = await t.gql(READ);
    expect(read.data.siteSettings).toMatchObject({
      name: 'Grace Harbour',
      phone: '020 7946 0456',
      addressLines: ['12 Example Street', 'London'],
      serviceTimes: [{ name: 'Sunday service', when: '10am' }],
      weeklySchedule: [{ day: 'Sunday', activity: 'Sunday service', opens: '10:00', closes: '12:30' }],
    });
  });

  it('rejects what a page could not show, naming the field', async () => {
    const cases: [string, string][] = [
      ['phone: "not a number"', 'phone'],
      ['name: ""', 'name'],
      ['latitude: 91', 'latitude'],
      ['emails: [{ label: "Prayer", address: "nobody" }]', 'emails'],
      ['socialLinks: [{ network: "facebook", label: "Facebook", url: "http://facebook.com/x" }]', 'socialLinks'],
      ['weeklySchedule: [{ day: "Sunday", activity: "Service", opens: "12:30", closes: "10:00" }]', 'weeklySchedule'],
      ['weeklySchedule: [{ day: "Sunday", activity: "Service", opens: "25:00", closes: "26:00" }]', 'weeklySchedule'],
    ];
    for (const [args, field] of cases) {
      const { errors } = await update(args, admin);
      expect(errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(errors[0])).toContain(field);
    }
  });
});
