import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import type { JobQueue } from '../database/job-queue.js';
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
});
