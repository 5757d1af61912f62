/**
 * Outgoing mail (issue 8 part 1): with SMTP_URL, mail goes out over SMTP (a minimal SMTP
 * server in this test receives it); without, to the outbox table and the log.
 */
import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { createMailer, outboxSize, OUTBOX_KEEP, type MailLog } from './mailer.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function recordingLog() {
  const lines: { object: object; message: string }[] = [];
  const log: MailLog = {
    info: (object, message) => lines.push({ object, message }),
    warn: (object, message) => lines.push({ object, message }),
  };
  return { log, lines };
}

/** Just enough SMTP (RFC 5321) to accept one message: greets, says OK, collects DATA. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else {
            data += line + '\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        received,
      });
    }),
  );
}

describe('mailer', () => {
  it('without SMTP_URL stores mail in the outbox and logs it', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ from: 'Chanterlab <no-reply@localhost>', log, db: database });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ to: 'Piper@Example.org', subject: 'Hello', text: 'Link: http://x/y' });
    const [entry] = await mailer.outbox({ to: 'piper@example.org' });
    expect(entry).toMatchObject({
      to: 'piper@example.org',
      subject: 'Hello',
      text: 'Link: http://x/y',
    });
    expect(lines.some((l) => JSON.stringify(l.object).includes('Link: http://x/y'))).toBe(true);
  });

  it('keeps only the newest messages', async () => {
    const { log } = recordingLog();
    const mailer = createMailer({ from: 'x <x@localhost>', log, db: database });
    // Jump the identity past the bound instead of sending 500 messages.
    await database.rows(
      sql`select setval(pg_get_serial_sequence('mail_outbox', 'id'), ${OUTBOX_KEEP + 10})`,
    );
    await mailer.send({ to: 'a@example.org', subject: 'late', text: 't' });
    expect(await outboxSize(database)).toBe(1);
  });

  it('with SMTP_URL sends over SMTP and stores nothing', async () => {
    const smtp = await fakeSmtp();
    try {
      const before = await outboxSize(database);
      const { log } = recordingLog();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Chanterlab <no-reply@chanterlab.test>',
        log,
        db: database,
      });
      expect(mailer.transport).toBe('smtp');
      await mailer.send({ to: 'piper@example.org', subject: 'Over SMTP', text: 'Hello by SMTP' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: Over SMTP');
      expect(smtp.received[0]).toContain('Hello by SMTP');
      expect(await outboxSize(database)).toBe(before);
      expect(await mailer.outbox()).toEqual([]);
    } finally {
      smtp.server.close();
    }
  });
});
