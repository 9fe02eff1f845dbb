import { describe, expect, it, jest } from '@jest/globals';
import { Socket } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import type { JobQueue } from '../database/job-queue.js';
import { startSmtpServer } from '../../test/support/smtp.js';
import { MailService } from './mail.service.js';

describe('the mailer', () => {
  it('writes an address as one address, quoted as given, even one stored before such addresses were refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-spec-'));
    try {
      const config = { dataDir, mailFrom: 'Ministry <no-reply@test.example>' } as AppConfig;
      const mail = new MailService(config, {} as JobQueue);
      await mail.deliver({ to: '"victim,attacker@evil.example"@test.example', replyTo: '"a,b"@test.example', subject: 'Stored long ago', text: 'Hello' });
      const outbox = join(dataDir, 'outbox');
      const eml = readFileSync(join(outbox, readdirSync(outbox)[0]), 'utf8');
      expect(eml).toMatch(/^To: "victim,attacker@evil.example"@test.example$/m);
      expect(eml).toMatch(/^Reply-To: "a,b"@test.example$/m);
      mail.onApplicationShutdown();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('sends over connections with Nagle\'s algorithm off, one-off messages and broadcasts alike, and reports a server that is not there', async () => {
    const server = await startSmtpServer();
    const noDelay = jest.spyOn(Socket.prototype, 'setNoDelay');
    const keepAlive = jest.spyOn(Socket.prototype, 'setKeepAlive');
    const mail = new MailService({ smtpUrl: server.url, mailFrom: 'Ministry <no-reply@test.example>' } as AppConfig, {} as JobQueue);
    try {
      await mail.deliver({ to: 'one@test.example', subject: 'One-off', text: 'Hello' });
      await mail.deliver({ to: 'many@test.example', subject: 'Broadcast', text: 'Hello all' }, { bulk: true });
      expect(server.received.map((m) => m.subject)).toEqual(['One-off', 'Broadcast']);
      // The mail server's own end of each connection sets it too: the sender's ends are those that reach its port.
      const port = Number(new URL(server.url).port);
      const senders = noDelay.mock.contexts.flatMap((socket, i) => ((socket as Socket).remotePort === port ? [noDelay.mock.calls[i]] : []));
      expect(senders).toEqual([[true], [true]]);
      expect(keepAlive.mock.contexts.filter((socket) => (socket as Socket).remotePort === port)).toHaveLength(2);

      const closed = new MailService({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'no-reply@test.example' } as AppConfig, {} as JobQueue);
      await expect(closed.deliver({ to: 'one@test.example', subject: 'Lost', text: 'Hello' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      closed.onApplicationShutdown();
    } finally {
      noDelay.mockRestore();
      keepAlive.mockRestore();
      mail.onApplicationShutdown();
      await server.close();
    }
  });
});
