import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memberPayload, startTestApp, TestApp } from './support/test-app.js';

const CONTACT = `mutation ($name: String!, $email: String!, $phone: String!, $reason: String!, $message: String!) {
  createContactEnquiry(name: $name, email: $email, phone: $phone, reason: $reason, message: $message) { id }
}`;
const REGISTER = `mutation ($firstname: String!, $lastname: String!, $phone: String!, $email: String!, $password: String!) {
  register(firstname: $firstname, lastname: $lastname, phone: $phone, email: $email, password: $password) { id title gender marital_status }
}`;

/** A fresh client address per call, so the per-address form limits never bite. */
let addressCount = 0;
const nextAddress = () => `198.51.100.${(addressCount += 1)}`;

describe('form errors: every field at once, in people\'s words', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an empty contact form with every field in error, in the order of the form, the first also as message and field', async () => {
    const { errors } = await t.gql(CONTACT, { name: '', email: '', phone: '', reason: '', message: '' });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('Enter your full name');
    expect(errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    expect(errors[0].extensions.errors).toEqual([
      { field: 'name', message: 'Enter your full name' },
      { field: 'email', message: 'Enter your email address' },
      { field: 'phone', message: 'Enter your phone number' },
      { field: 'reason', message: 'Choose a reason' },
      { field: 'message', message: 'Enter a short description' },
    ]);
  });

  it('says how a valid value looks, and names length limits in characters', async () => {
    const { errors } = await t.gql(CONTACT, { name: 'x'.repeat(101), email: 'not-an-address', phone: 'call me', reason: 'gossip', message: 'Hello' });
    expect(errors[0].extensions.errors).toEqual([
      { field: 'name', message: 'Your full name must be 100 characters or fewer' },
      { field: 'email', message: 'Enter your email address in the correct format, like name@example.com' },
      { field: 'phone', message: 'Enter your phone number in the correct format, like 01632 960 001 or +44 7700 900 982' },
      { field: 'reason', message: 'Choose a reason from the list' },
    ]);
  });

  it('answers the legacy REST form with one { msg, path } per field, the first as before', async () => {
    const response = await t.http.post('/api/contact-us').set('x-forwarded-for', nextAddress()).send({ name: 'Mary Jones', email: '', phone: '', reason: 'prayer', message: '' }).expect(400);
    expect(response.body).toEqual({
      code: 'BAD_USER_INPUT',
      errors: [
        { msg: 'Enter your email address', path: 'email' },
        { msg: 'Enter your phone number', path: 'phone' },
        { msg: 'Enter a short description', path: 'message' },
      ],
    });
  });

  it('registers a member who gives no title, gender or marital status, over GraphQL and the legacy REST path', async () => {
    const { data, errors } = await t.gql(REGISTER, { firstname: 'Ada', lastname: 'Obi', phone: '+44 7700 900124', email: 'ada.obi@test.example', password: 'a-good-password' });
    expect(errors).toBeUndefined();
    expect(data.register).toMatchObject({ title: '', gender: '', marital_status: '' });

    const { title: _title, gender: _gender, marital_status: _marital, ...rest } = memberPayload();
    const legacy = await t.http.post('/api/register').set('x-forwarded-for', nextAddress()).send({ ...rest, gender: '', marital_status: '' }).expect(201);
    expect(legacy.body).toMatchObject({ firstname: 'John', title: '', gender: '', marital_status: '', role: 'Member' });
  });

  it('takes any short title the member writes and wider answers, and still refuses an answer not offered', async () => {
    const written = await t.http.post('/api/register').set('x-forwarded-for', nextAddress()).send(memberPayload({ title: 'Dr', gender: 'non-binary', marital_status: 'civil' })).expect(201);
    expect(written.body).toMatchObject({ title: 'Dr', gender: 'non-binary', marital_status: 'civil' });

    const wrong = await t.http.post('/api/register').set('x-forwarded-for', nextAddress()).send(memberPayload({ title: 'x'.repeat(21), gender: 'robot' })).expect(400);
    expect(wrong.body.errors).toEqual([
      { msg: 'The title must be 20 characters or fewer', path: 'title' },
      { msg: 'Choose a gender from the list', path: 'gender' },
    ]);
  });
});
