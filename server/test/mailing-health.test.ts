import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSocket, type Socket } from 'node:dgram';
import { generateKeyPairSync } from 'node:crypto';
import { dkimCheck, dmarcCheck, domainOf, publicKeyOf, spfCheck } from '../src/mailing/health/sending-health.js';
import { checkSendingHealth, dnsResolver } from '../src/mailing/health/sending-health.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const DKIM = { selector: 'mail2026', domain: 'ministry.example', privateKey };

/** The name a DNS query asks about (RFC 1035: length-prefixed labels after the 12-byte header). */
function questionOf(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]).toString('ascii'));
    at += query[at] + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 5 };
}

/** A TXT answer to `query`: each record in strings of at most 255 bytes; NXDOMAIN for a name with none. */
function answer(query: Buffer, records: string[] | undefined): Buffer {
  const { end } = questionOf(query);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(records ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records?.length ?? 0, 6);
  const answers = (records ?? []).map((record) => {
    const pieces = (record.match(/[^]{1,255}/g) ?? []).map((piece) => Buffer.concat([Buffer.from([piece.length]), Buffer.from(piece, 'ascii')]));
    const data = Buffer.concat(pieces);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(16, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

/** A tiny DNS server on loopback answering TXT queries from `zone`; `silent` never answers, as a DNS that is down. */
async function startDnsServer(zone: Record<string, string[]>, { silent = false } = {}): Promise<{ server: string; close: () => void }> {
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (!silent) socket.send(answer(query, zone[questionOf(query).name]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { server: `127.0.0.1:${(socket.address()).port}`, close: () => socket.close() };
}

describe('reading the sending domain’s DNS records', () => {
  it('takes the domain from MAIL_FROM', () => {
    expect(domainOf('Ministry <News@Ministry.example>')).toBe('ministry.example');
    expect(domainOf('no-reply@site.test')).toBe('site.test');
  });

  it('accepts one SPF record and explains a missing, doubled or open one', () => {
    expect(spfCheck('ministry.example', ['google-site-verification=abc', 'v=spf1 include:_spf.google.com ~all'])).toMatchObject({
      ok: true,
      found: 'v=spf1 include:_spf.google.com ~all',
    });
    const missing = spfCheck('ministry.example', ['google-site-verification=abc']);
    expect(missing).toMatchObject({ ok: false, found: null });
    expect(missing.advice).toMatch(/^Add a TXT record at ministry\.example.*so that Gmail and Outlook accept your newsletters\.$/);
    expect(spfCheck('ministry.example', ['v=spf1 a ~all', 'v=spf1 mx -all']).ok).toBe(false);
    expect(spfCheck('ministry.example', ['v=spf1 +all']).advice).toContain('lets anyone send');
  });

  it('says DKIM is not configured without a selector, and checks the published key against ours', () => {
    expect(dkimCheck(undefined, [])).toMatchObject({ ok: false, advice: expect.stringContaining('DKIM signing is not configured') });
    const ours = `v=DKIM1; k=rsa; p=${publicKeyOf(privateKey)}`;
    expect(dkimCheck(DKIM, [ours])).toMatchObject({ ok: true, found: ours });
    // Long keys arrive split into strings of 255 characters, sometimes with spaces inside `p=`.
    const spaced = `v=DKIM1; k=rsa; p=${publicKeyOf(privateKey).replace(/(.{60})/g, '$1 ')}`;
    expect(dkimCheck(DKIM, [spaced]).ok).toBe(true);
    const other = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    expect(dkimCheck(DKIM, [`v=DKIM1; p=${publicKeyOf(other.privateKey)}`]).advice).toContain('not the one we sign with');
    expect(dkimCheck(DKIM, ['v=DKIM1; p=']).advice).toContain('revoked');
    expect(dkimCheck(DKIM, []).advice).toContain('Add a TXT record at mail2026._domainkey.ministry.example');
  });

  it('reads the DMARC policy', () => {
    expect(dmarcCheck('ministry.example', ['v=DMARC1; p=quarantine; rua=mailto:d@ministry.example'])).toMatchObject({ ok: true });
    expect(dmarcCheck('ministry.example', ['v=DMARC1; p=none']).advice).toContain('p=quarantine');
    expect(dmarcCheck('ministry.example', ['v=DMARC1; rua=mailto:d@ministry.example']).ok).toBe(false);
    expect(dmarcCheck('ministry.example', []).advice).toMatch(/^Add a TXT record at _dmarc\.ministry\.example/);
  });

  it('says “could not check” for each record when DNS does not answer', () => {
    for (const check of [spfCheck('a.example', null), dkimCheck(DKIM, null), dmarcCheck('a.example', null)]) {
      expect(check).toMatchObject({ ok: null, found: null, advice: expect.stringContaining('could not check') });
    }
  });
});

describe('sending health against a DNS server', () => {
  const config = { mailFrom: 'Ministry <news@ministry.example>', dkim: { domainName: 'ministry.example', keySelector: 'mail2026', privateKey } };

  it('checks SPF, DKIM and DMARC where receiving servers look for them', async () => {
    const dns = await startDnsServer({
      'ministry.example': ['v=spf1 ip4:203.0.113.9 -all'],
      'mail2026._domainkey.ministry.example': [`v=DKIM1; k=rsa; p=${publicKeyOf(privateKey)}`],
    });
    try {
      const health = await checkSendingHealth(config, dnsResolver([dns.server]));
      expect(health).toMatchObject({ domain: 'ministry.example', checked: true });
      expect(health.checks.map(({ name, ok }) => [name, ok])).toEqual([
        ['SPF', true],
        ['DKIM', true],
        ['DMARC', false],
      ]);
    } finally {
      dns.close();
    }
  });

  it('answers checked: false, never an error, when DNS is down', async () => {
    const dns = await startDnsServer({}, { silent: true });
    try {
      const health = await checkSendingHealth(config, dnsResolver([dns.server]));
      expect(health.checked).toBe(false);
      expect(health.checks.map((check) => check.ok)).toEqual([null, null, null]);
    } finally {
      dns.close();
    }
  });
});

describe('the sendingHealth query', () => {
  let t: TestApp;
  const QUERY = `{ sendingHealth { domain checked checks { name ok found advice } } }`;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is for those who send mail, and names the domain and its three checks', async () => {
    const member = await t.member();
    expect((await t.gql(QUERY, {}, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    const { data } = await t.gql(QUERY, {}, await t.adminToken());
    expect(data.sendingHealth.domain).toBe('site.test');
    expect(data.sendingHealth.checks.map((check: { name: string }) => check.name)).toEqual(['SPF', 'DKIM', 'DMARC']);
    expect(data.sendingHealth.checks[1]).toMatchObject({ ok: false, advice: expect.stringContaining('not configured') });
  });
});
