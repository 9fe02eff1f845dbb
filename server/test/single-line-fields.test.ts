import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memberPayload, startTestApp, TestApp } from './support/test-app.js';

/** Every way text can break a line: CR and LF together and alone, vertical tab, form feed, NEL, U+2028, U+2029. */
const BREAKS: [string, string][] = [
  ['CR LF', '\r\n'],
  ['CR', '\r'],
  ['LF', '\n'],
  ['VT', '\u000b'],
  ['FF', '\u000c'],
  ['NEL', '\u0085'],
  ['U+2028', '\u2028'],
  ['U+2029', '\u2029'],
];
const INJECTED = 'Evt\r\nATTENDEE:mailto:x@evil\r\nX-INJ:1';
const MESSAGE = (field: string) => `${field} must be one line, without line breaks or control characters`;

/**
 * Names, titles and places are one line: a line break sent in one is refused on write with a 4xx naming the field,
 * on GraphQL (BAD_USER_INPUT) and on the legacy paths (`{ errors: [{ msg, path }] }`). Multi-line fields keep
 * their line breaks.
 */
describe('single-line fields', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let postId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    member = (await t.member()).token;
    postId = (await t.gql('mutation { createPost(name: "Kept", body: "<p>x</p>", categoryId: 3) { id } }', {}, admin)).data.createPost.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (operation: string, field: string, value: unknown, token?: string) => {
    const { data, errors } = await t.gql(operation, { v: value }, token);
    expect({ field, data, error: errors?.[0] }).toMatchObject({ field, error: { message: MESSAGE(field.replace(/.*\./, '')), extensions: { code: 'BAD_USER_INPUT', field } } });
  };

  it.each(BREAKS)('refuses a post name holding %s', async (_, line) => {
    await refused('mutation($v: String!) { createPost(name: $v, body: "<p>x</p>", categoryId: 1) { id } }', 'name', `Youth${line}night`, admin);
  });

  it('refuses line breaks and other control characters in every single-line field of GraphQL, naming it', async () => {
    const cases: [string, string, unknown, string?][] = [
      ['mutation($v: String!) { createPost(name: $v, body: "<p>x</p>", categoryId: 1) { id } }', 'name', INJECTED],
      ['mutation($v: String!) { createPost(name: $v, body: "<p>x</p>", categoryId: 1) { id } }', 'name', 'Nul\u0000byte'],
      // Escaped in the query's own text rather than sent as a variable: the same characters once parsed.
      ['mutation { createPost(name: "Evt\\u000d\\u000aX-INJ:1", body: "<p>x</p>", categoryId: 1) { id } }', 'name', undefined],
      ['mutation($v: String) { createPost(name: "Evt", body: "<p>x</p>", categoryId: 1, location: $v) { id } }', 'location', 'Hall\nX-LOC:1'],
      [`mutation($v: String) { updatePost(id: ${postId}, name: $v) { id } }`, 'name', INJECTED],
      [`mutation($v: String) { updatePost(id: ${postId}, location: $v) { id } }`, 'location', 'Hall\rX'],
      ['mutation($v: String!) { createPostCategory(name: $v) { id } }', 'name', 'News\nX'],
      ['mutation($v: String!) { createBook(title: $v, price: 5) { id } }', 'title', 'Daily\r\nbread'],
      ['mutation($v: String!) { createVideo(title: $v, video: "dQw4w9WgXcQ") { id } }', 'title', 'Sermon\u2028X'],
      ['mutation($v: String) { createSliderImage(title: $v, image: "/uploads/x.webp") { id } }', 'title', 'Slide\nX'],
      ['mutation($v: String!) { createMeetingImage(zoomId: $v, image: "/uploads/x.webp") { id } }', 'zoomId', '123\n456'],
      ['mutation($v: String) { updateVisitImage(id: 1, title: $v) { id } }', 'title', 'Visit\nX'],
      ['mutation($v: String) { updateMeetingImage(id: 1, password: $v) { id } }', 'password', 'grace\rX'],
      ['mutation($v: String) { updateSiteSettings(name: $v) { name } }', 'name', 'Grace\r\nX-SITE:1'],
      ['mutation($v: String) { updateSiteSettings(tagline: $v) { name } }', 'tagline', 'Hope\nX'],
      ['mutation($v: String!) { updateSiteSettings(addressLines: [$v]) { name } }', 'addressLines', '12 Example Street\nX'],
      ['mutation($v: String!) { updateSiteSettings(weeklySchedule: [{ day: "Sunday", activity: $v, opens: "10:00", closes: "11:00" }]) { name } }', 'weeklySchedule.0.activity', 'Service\r\nX'],
      ['mutation($v: String!) { updateSiteSettings(pastors: [{ name: $v, role: "Pastor", photo: "", photoAlt: "", biography: "Line one\\nLine two" }]) { name } }', 'pastors.0.name', 'Ann\nX'],
    ];
    for (const [operation, field, value] of cases) await refused(operation, field, value, admin);

    const person = memberPayload();
    const register = `mutation($v: String!) { register(title: "${person.title}", firstname: $v, lastname: "Doe", gender: "${person.gender}", marital_status: "${person.marital_status}",
      phone: "${person.phone}", email: "${person.email}", password: "${person.password}") { id } }`;
    await refused(register, 'firstname', 'John\r\nBcc: x@evil');
    await refused(register.replace('firstname: $v, lastname: "Doe"', 'firstname: "John", lastname: $v'), 'lastname', 'Doe\nX');
    await refused(
      'mutation($v: String!) { createContactEnquiry(name: $v, email: "a@example.org", phone: "020 7946 0123", reason: "other", message: "Line one\\nLine two") { id } }',
      'name',
      'Ann\r\nBcc: x@evil',
    );
    await refused('mutation($v: String!) { createPrayerRequest(title: $v, body: "Line one\\nLine two") { id } }', 'title', 'Pray\nX', member);
    expect((await t.db.query(`SELECT count(*)::int AS count FROM posts WHERE name LIKE 'Evt%' OR name LIKE 'Nul%'`))[0].count).toBe(0);
  });

  it('refuses them on the legacy paths as { errors: [{ msg, path }] }', async () => {
    const bearer = { authorization: `Bearer ${admin}` };
    const legacy = [
      [t.http.post('/api/create-blog-post').set(bearer).field('title', INJECTED).field('content', '<p>x</p>'), 'title'],
      [t.http.post('/api/create-program-post').set(bearer).field('name', INJECTED).field('body', '<p>x</p>'), 'name'],
      [t.http.put(`/api/update-post/${postId}`).set(bearer).field('name', 'Kept\r\nX'), 'name'],
      [t.http.post('/api/add-book').set(bearer).field('title', 'Daily\nbread').field('price', '5'), 'title'],
      [t.http.post('/api/add-video').set(bearer).send({ title: 'Sermon\rX', video: 'dQw4w9WgXcQ' }), 'title'],
      [t.http.post('/api/add-video').set(bearer).set('content-type', 'application/json').send('{"title":"Sermon\\u2028X","video":"dQw4w9WgXcQ"}'), 'title'],
      [t.http.post('/api/add-slider-image').set(bearer).field('title', 'Slide\nX').field('image', '/uploads/x.webp'), 'title'],
      [t.http.post('/api/add-post-category').set(bearer).send({ name: 'News\nX' }), 'name'],
      [t.http.post('/api/register').send(memberPayload({ lastname: 'Doe\r\nX' })), 'lastname'],
      [t.http.post('/api/contact-us').type('form').send(`name=Ann%0D%0ABcc%3A%20x%40evil&email=a%40example.org&phone=02079460123&reason=other&message=Hello`), 'name'],
    ] as const;
    for (const [call, path] of legacy) {
      const response = await call;
      expect({ path, status: response.status, errors: response.body.errors }).toEqual({ path, status: 400, errors: [{ msg: MESSAGE(path), path }] });
    }
  });

  it('keeps line breaks in multi-line fields, and tabs in names', async () => {
    const post = await t.gql('mutation { createPost(name: "Tab\\tin name", body: "<p>One</p>\\n<p>Two</p>", categoryId: 3) { name body } }', {}, admin);
    expect(post.data.createPost).toEqual({ name: 'Tab\tin name', body: '<p>One</p>\n<p>Two</p>' });
    const book = await t.gql('mutation { createBook(title: "Psalms", price: 5, description: "Line one\\nLine two") { description } }', {}, admin);
    expect(book.data.createBook.description).toBe('Line one\nLine two');
    const registered = await t.http.post('/api/register').send(memberPayload({ address: '1 Church Street\nLondon' }));
    expect(registered.status).toBe(201);
    const prayer = await t.gql('mutation { createPrayerRequest(title: "Healing", body: "Line one\\nLine two") { body } }', {}, member);
    expect(prayer.data.createPrayerRequest.body).toBe('Line one\nLine two');
  });
});
