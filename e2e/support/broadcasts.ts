// A broadcast to many: a loopback SMTP server that counts what it accepts (and can answer 451 or 550 per recipient,
// or hold one message unanswered while its sender is killed), subscribers seeded in bulk, and the console's calls.
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { graphql } from '../web-helpers.ts';

export interface SmtpSink {
  url: string;
  /** Messages accepted (250 after DATA), by recipient. */
  accepted: Map<string, number>;
  /** Times each recipient was offered (RCPT TO), accepted or not. */
  tries: Map<string, number>;
  /** Resolves when the message that `holdMessage` names has arrived and is being held unanswered. */
  held: Promise<void>;
  close(): Promise<void>;
}

/**
 * `replyTo` answers each recipient as a mail server's RCPT TO would (250, 451 try later, 550 no such user), given how
 * many times that address was offered before. `holdMessage` (1-based, counted over messages whose DATA arrived): that
 * message is never answered, as when the sender dies before the server says 250; it is not counted as accepted.
 */
export async function startSmtpSink(
  options: { replyTo?: (address: string, earlierTries: number) => 250 | 451 | 550; holdMessage?: number } = {},
): Promise<SmtpSink> {
  const accepted = new Map<string, number>();
  const tries = new Map<string, number>();
  let arrived = 0;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The peer is this machine: a reverse DNS lookup of it would only wait for a resolver.
    disableReverseLookup: true,
    size: 1024 * 1024,
    onRcptTo(address, session, callback) {
      const earlier = tries.get(address.address) ?? 0;
      tries.set(address.address, earlier + 1);
      const reply = options.replyTo?.(address.address, earlier) ?? 250;
      if (reply === 250) return callback();
      callback(Object.assign(new Error(reply === 451 ? '4.2.1 Try again later' : '5.1.1 No such user'), { responseCode: reply }));
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrived += 1;
        if (arrived === options.holdMessage) return release();
        for (const { address } of session.envelope.rcptTo) accepted.set(address, (accepted.get(address) ?? 0) + 1);
        callback();
      });
    },
  });
  // A held message's connection is cut by the sender's death; that is expected, not a failure of the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, accepted, tries, held, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A consent list with `addresses` subscribed (their confirmations recorded in the ledger), written in bulk. */
export async function seedList(db: pg.Client, name: string, addresses: string[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mailing_lists (name, description, public, basis) VALUES ($1, '', true, 'Consent') RETURNING id`,
    [name],
  );
  const listId = rows[0].id;
  await db.query(
    `WITH people AS (INSERT INTO mail_subscribers (email) SELECT unnest($1::text[]) RETURNING id)
     INSERT INTO consent_events (subscriber_id, list_id, action, basis, source, wording) SELECT id, $2, 'Given', 'Consent', 'SignUpForm', 'Send me news' FROM people`,
    [addresses, listId],
  );
  return listId;
}

/** Creates a broadcast to the list and sends it now, as the console does; answers its id. */
export async function sendToList(baseUrl: string, token: string, listId: number, subject: string): Promise<string> {
  const { createBroadcast } = await graphql<{ createBroadcast: { id: string } }>(
    baseUrl,
    `
      mutation ($listId: ID!, $subject: String!) {
        createBroadcast(subject: $subject, body: "<p>Dear friends, news of the week.</p>", listId: $listId) {
          id
        }
      }
    `,
    { listId: String(listId), subject },
    token,
  );
  await graphql(
    baseUrl,
    `
      mutation ($id: ID!) {
        sendBroadcast(id: $id) {
          status
        }
      }
    `,
    { id: createBroadcast.id },
    token,
  );
  return createBroadcast.id;
}

/** The broadcast's state as stored: whether it is done, and its recipients by status. */
export async function broadcastState(db: pg.Client, id: string): Promise<{ status: string; byStatus: Record<string, number> }> {
  const [{ status }] = (await db.query<{ status: string }>(`SELECT status FROM broadcasts WHERE id = $1`, [id])).rows;
  const rows = (
    await db.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY status`,
      [id],
    )
  ).rows;
  return { status, byStatus: Object.fromEntries(rows.map((row) => [row.status, row.count])) };
}
