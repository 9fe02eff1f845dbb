import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memberPayload, startTestApp, TestApp } from './support/test-app.js';

/** Addresses that an RFC 5322 parser accepts and a mailer could turn into more than one recipient or a new header. */
const HOSTILE = ['"victim,attacker@evil.example"@test.example', '"a\r\nBcc: attacker@evil.example"@test.example', '"a b"@test.example', 'a,b@test.example', 'a\nb@test.example', 'a@test.example,attacker@evil.example'];

describe('e-mail addresses: only plain ones are taken', () => {
  let t: TestApp;
  let address = 0;
  const PEOPLES_WORDING = 'Enter your email address in the correct format, like name@example.com';

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a quoted local part, a line break, a space or a comma wherever an address is given, naming email', async () => {
    const post = (path: string, body: object) => t.http.post(`/api/${path}`).set('x-forwarded-for', `192.0.2.${(address += 1)}`).send(body);
    for (const email of HOSTILE) {
      const answers = {
        contact: await post('contact-us', { name: 'Mary Jones', email, phone: '+44 20 7946 0000', reason: 'prayer', message: 'Please pray.' }),
        register: await post('register', memberPayload({ email })),
        reset: await post('send-reset-token', { email }),
      };
      // The forms people fill in word it for them; the reset request keeps its rule's message.
      const wording = { contact: PEOPLES_WORDING, register: PEOPLES_WORDING, reset: 'email must be a valid e-mail address' };
      for (const [path, answer] of Object.entries(answers)) {
        expect({ email, path, status: answer.status, error: answer.body.errors?.[0] }).toEqual({ email, path, status: 400, error: { msg: wording[path as keyof typeof wording], path: 'email' } });
      }
      const question = await t.gql('mutation($email: String!) { createQuestion(email: $email, question: "Why?") { id } }', { email });
      expect({ email, error: question.errors?.[0]?.extensions }).toEqual({ email, error: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'email' }) });
    }
    const [{ count }] = await t.db.query('SELECT (SELECT count(*) FROM contact_enquiries) + (SELECT count(*) FROM questions) + (SELECT count(*) FROM users WHERE role = $1) AS count', ['Member']);
    expect(Number(count)).toBe(0);
    // An ordinary address, with the characters people really use, is still taken.
    await post('contact-us', { name: 'Mary Jones', email: "mary.o'neil+church@test.example", phone: '+44 20 7946 0000', reason: 'prayer', message: 'Please pray.' }).expect(201);
  });
});
