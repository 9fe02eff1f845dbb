import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text body (quoted-printable soft breaks undone). */
  text: string;
}

/** The reply to a recipient: 250 accepts; 451 asks to try later; 550 refuses for good. */
export type RecipientReply = 250 | 451 | 550;

/**
 * A real SMTP server on loopback that keeps what it receives, for tests to read. `replyTo` answers each recipient
 * (given how many times that address was offered before), as a real server's RCPT TO would.
 */
export async function startSmtpServer({ replyTo }: { replyTo?: (address: string, earlierTries: number) => RecipientReply } = {}) {
  const received: ReceivedMail[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, session, callback) {
      const earlier = tries.get(address.address) ?? 0;
      tries.set(address.address, earlier + 1);
      const reply = replyTo?.(address.address, earlier) ?? 250;
      if (reply === 250) return callback();
      const error = Object.assign(new Error(reply === 451 ? '4.2.1 Mailbox busy, try again later' : '5.1.1 No such user here'), { responseCode: reply });
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n');
        const text = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many times each address was offered (RCPT TO), accepted or not. */
    tries,
    /** Waits until a message matching `match` arrives (mail goes through the job queue). */
    async waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 20_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching e-mail within ${timeoutMs} ms; received: ${received.map((m) => m.subject).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
