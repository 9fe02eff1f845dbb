import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fieldGroups, readDeliveryReports } from './delivery-reports.js';

/** Reports as mail servers send them (addresses and tokens changed), kept beside this file. */
const sample = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('reading delivery reports', () => {
  it('reads a Postfix bounce, naming the recipient row by the report’s own address', async () => {
    expect(await readDeliveryReports(sample('postfix-bounce.eml'))).toEqual([
      {
        token: '42-0123456789abcdef01234567',
        kind: 'Bounce',
        status: '5.1.1',
        detail: '550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      },
    ]);
  });

  it('reads an Exim delay warning as a deferral', async () => {
    const [report] = await readDeliveryReports(sample('exim-delay.eml'));
    expect(report).toEqual({ token: '43-abcdefabcdefabcdefabcdef', kind: 'Deferral', status: '4.0.0', detail: '452 4.2.2 Mailbox full, try again later' });
  });

  it('finds the token in the returned original’s Return-Path when the report is addressed elsewhere', async () => {
    const [report] = await readDeliveryReports(sample('exim-bounce.eml'));
    expect(report).toMatchObject({ token: '44-fedcbafedcbafedcbafedcba', kind: 'Bounce', status: '5.0.0' });
    expect(report.detail).toContain('account that you tried to reach is disabled');
  });

  it('reads a Gmail bounce whose diagnostic runs over several lines', async () => {
    const [report] = await readDeliveryReports(sample('gmail-bounce.eml'));
    expect(report).toMatchObject({ token: '45-0a1b2c3d4e5f60718293a4b5', kind: 'Bounce', status: '5.1.1' });
    expect(report.detail).toMatch(/^550-5\.1\.1 The email account .* double-checking .* gsmtp$/);
  });

  it('prefers the SMTP envelope’s recipient to anything the report says', async () => {
    const [report] = await readDeliveryReports(sample('postfix-bounce.eml'), 'Bounces+7-aaaaaaaaaaaaaaaaaaaaaaaa@mail.ministry.example');
    expect(report.token).toBe('7-aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('reads a mailbox provider’s abuse report (ARF) as a complaint', async () => {
    expect(await readDeliveryReports(sample('yahoo-complaint.eml'))).toEqual([
      { token: '46-00112233445566778899aabb', kind: 'Complaint', status: 'abuse', detail: 'Reported as spam through Yahoo!-Mail-Feedback/2.0' },
    ]);
  });

  it('ignores feedback that is not a complaint', async () => {
    const notSpam = sample('yahoo-complaint.eml').toString('utf8').replace('Feedback-Type: abuse', 'Feedback-Type: not-spam');
    expect(await readDeliveryReports(Buffer.from(notSpam))).toEqual([]);
  });

  it('ignores a report with no return address of ours, and mail that is not a report', async () => {
    const foreign = sample('exim-bounce.eml').toString('utf8').replaceAll('bounces+44-', 'list-owner+44-');
    expect(await readDeliveryReports(Buffer.from(foreign))).toEqual([]);
    const reply = 'From: someone@example.org\r\nTo: bounces+42-0123456789abcdef01234567@mail.ministry.example\r\nSubject: Re: Autumn newsletter\r\n\r\nThanks!\r\n';
    expect(await readDeliveryReports(Buffer.from(reply))).toEqual([]);
  });

  it('says nothing for a recipient the DSN reports delivered', async () => {
    const delivered = sample('postfix-bounce.eml').toString('utf8').replace('Action: failed\nStatus: 5.1.1', 'Action: delivered\nStatus: 2.0.0');
    expect(await readDeliveryReports(Buffer.from(delivered))).toEqual([]);
  });

  it('splits status fields into groups, joining folded lines', () => {
    const groups = fieldGroups('Reporting-MTA: dns; a.example\n\nAction: failed\nDiagnostic-Code: smtp; 550 no\n  such user\n');
    expect(groups.map((g) => Object.fromEntries(g))).toEqual([{ 'reporting-mta': 'dns; a.example' }, { action: 'failed', 'diagnostic-code': 'smtp; 550 no such user' }]);
  });
});
