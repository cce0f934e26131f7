import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, type MailMessage, type Mailer } from '../../adapters/mail/mailer.js';
import { openDatabase } from '../../db/client.js';
import { createRepositories } from '../../db/repositories.js';
import { createManualClock, type ManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import {
  OUTBOX_BATCH_SIZE,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  createMailOutbox,
  outboxBackoffMs,
} from './outbox.service.js';

/** A mail server that can be switched off, and keeps what it accepted. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  let up = true;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      if (!up) throw new MailDeliveryError(new Error('connect ECONNREFUSED 127.0.0.1:25'));
      sent.push(message);
    },
  };
  return { mailer, sent, setUp: (value: boolean) => (up = value) };
}

const mail = (to: string): MailMessage => ({
  to,
  subject: 'Your booking',
  text: 'code 123456',
  html: '<p>code 123456</p>',
});

let t: TestApp;
let clock: ManualClock;
const server = switchableMailer();
const logLines: string[] = [];

beforeAll(async () => {
  clock = createManualClock(new Date('2026-11-23T04:00:00Z'));
  t = await createTestApp({
    clock,
    jobs: false,
    mailer: server.mailer,
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

const outboxRows = () => t.services.repos.outbox.list();

describe('the mail outbox', () => {
  it('sends a mail queued with a change only after the change commits, and keeps no body', async () => {
    await t.services.uow.run((tx) => tx.outbox.enqueue('test', mail('a@pehnava.test')));
    expect(server.sent).toHaveLength(0);
    expect(await t.deliverMail()).toBe(1);
    expect(server.sent.map((m) => m.to)).toEqual(['a@pehnava.test']);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, textBody: '', htmlBody: '' });
    expect(row!.sentAt).toEqual(clock.now());
    // Nothing is due any more: a second run sends nothing twice.
    expect(await t.deliverMail()).toBe(0);
    expect(server.sent).toHaveLength(1);
  });

  it('queues nothing when the change rolls back', async () => {
    const before = (await outboxRows()).length;
    await expect(
      t.services.uow.run(async (tx) => {
        await tx.outbox.enqueue('test', mail('rolled-back@pehnava.test'));
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await outboxRows()).toHaveLength(before);
    await t.deliverMail();
    expect(server.sent.map((m) => m.to)).not.toContain('rolled-back@pehnava.test');
  });

  it('keeps a mail through a mail-server outage and sends it once the backoff has passed', async () => {
    server.setUp(false);
    await t.services.uow.run((tx) => tx.outbox.enqueue('otp', mail('outage@pehnava.test')));
    expect(await t.deliverMail()).toBe(1);
    let row = (await outboxRows()).find((r) => r.recipient === 'outage@pehnava.test')!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(outboxBackoffMs(1));

    // Not due yet: nothing is tried before the backoff.
    clock.advance(outboxBackoffMs(1) - 1_000);
    expect(await t.deliverMail()).toBe(0);
    clock.advance(1_000);
    expect(await t.deliverMail()).toBe(1);
    row = (await outboxRows()).find((r) => r.recipient === 'outage@pehnava.test')!;
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(outboxBackoffMs(2));

    server.setUp(true);
    clock.advance(outboxBackoffMs(2));
    expect(await t.deliverMail()).toBe(1);
    expect(server.sent.filter((m) => m.to === 'outage@pehnava.test')).toHaveLength(1);
    row = (await outboxRows()).find((r) => r.recipient === 'outage@pehnava.test')!;
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    // The warnings name the mail by id and kind, never its address or its body.
    const warnings = logLines.filter((line) => line.includes('mail not sent'));
    expect(warnings).toHaveLength(2);
    for (const line of warnings) {
      expect(line).toContain(row.id);
      expect(line).not.toContain('outage@pehnava.test');
      expect(line).not.toContain('123456');
    }
  });

  it('gives a mail up after its last try, and says so in the log', async () => {
    server.setUp(false);
    await t.services.uow.run((tx) => tx.outbox.enqueue('otp', mail('never@pehnava.test')));
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      expect(await t.deliverMail()).toBe(1);
      clock.advance(outboxBackoffMs(attempt));
    }
    const row = (await outboxRows()).find((r) => r.recipient === 'never@pehnava.test')!;
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(await t.deliverMail()).toBe(0);
    expect(logLines.some((line) => line.includes('mail given up after its last try'))).toBe(true);
    server.setUp(true);
  });

  it('takes back a mail whose runner died mid-send once its lease has run out', async () => {
    await t.services.uow.run((tx) => tx.outbox.enqueue('otp', mail('lease@pehnava.test')));
    // A runner claims it and then vanishes without marking it.
    const [claimed] = await t.services.repos.outbox.claimDue(
      10,
      new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
    );
    expect(claimed!.recipient).toBe('lease@pehnava.test');
    expect(await t.deliverMail()).toBe(0);
    clock.advance(OUTBOX_LEASE_MS);
    expect(await t.deliverMail()).toBe(1);
    expect(server.sent.filter((m) => m.to === 'lease@pehnava.test')).toHaveLength(1);
  });
});

describe('a mail handed over while the database is away', () => {
  it('is recorded as sent once the database is back, and never handed over again', async () => {
    await t.services.uow.run((tx) => tx.outbox.enqueue('otp', mail('gap@pehnava.test')));
    const repository = t.services.repos.outbox;
    let databaseAway = true;
    // The real outbox table, but recording a send fails while the database is away.
    const outbox = createMailOutbox({
      repository: {
        ...repository,
        markSent: (id) =>
          databaseAway
            ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
            : repository.markSent(id),
      },
      mailer: server.mailer,
      attachments: t.services.taxDocuments,
      clock,
      logger: { info() {}, warn() {}, error() {} },
    });
    const handedOver = () => server.sent.filter((m) => m.to === 'gap@pehnava.test');
    await expect(outbox.deliverDue()).rejects.toThrow('ECONNREFUSED');
    expect(handedOver()).toHaveLength(1);
    // Still away: the next run fails again before it claims anything, and sends nothing.
    await expect(outbox.deliverDue()).rejects.toThrow('ECONNREFUSED');
    // Back, after the lease has run out: recorded first, not sent again.
    databaseAway = false;
    clock.advance(OUTBOX_LEASE_MS);
    await outbox.deliverDue();
    clock.advance(OUTBOX_LEASE_MS);
    await outbox.deliverDue();
    expect(handedOver()).toHaveLength(1);
    const row = (await outboxRows()).find((r) => r.recipient === 'gap@pehnava.test');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // Every try carried the row's id, the mail's Message-ID.
    expect(handedOver()[0]!.id).toBe(row!.id);
  });
});

describe.runIf(usingPostgres())('two job runners on one PostgreSQL', () => {
  // Ten batches: more than one runner's three loops can claim before either sends, and more than
  // both runners' six, so later claims race too.
  const MAILS = 10 * OUTBOX_BATCH_SIZE;
  it('send each of ten batches of mails exactly once, however their runs interleave', async () => {
    const database = await createTestDatabase();
    const other = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 5 });
    try {
      const raceClock = createManualClock(new Date('2026-11-23T04:00:00Z'));
      const seeding = createRepositories(database.db, raceClock);
      for (let i = 0; i < MAILS; i += 1)
        await seeding.outbox.enqueue('race', mail(`r${i}@pehnava.test`));

      // Each runner's first send waits until the other has begun sending too, so both hold
      // claimed batches at once whatever order their claims reach the database in. A runner's
      // three loops claim three batches at most before they send, so neither can claim them all
      // first (with three batches of mails, one runner took them all about once in 60 runs).
      const began = [0, 1].map(() => {
        let resolve = () => {};
        const promise = new Promise<void>((done) => (resolve = done));
        return { promise, resolve };
      });
      const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const runners = [database, other].map((handle, index) => {
        const server = switchableMailer();
        const outbox = createMailOutbox({
          repository: createRepositories(handle.db, raceClock).outbox,
          mailer: {
            kind: 'smtp',
            send: async (message) => {
              began[index]!.resolve();
              await began[1 - index]!.promise;
              // A slow mail server widens the window in which the two runners overlap.
              await new Promise((resolve) => setTimeout(resolve, 2));
              await server.mailer.send(message);
            },
          },
          // These mails carry no files.
          attachments: { fileOf: () => Promise.resolve(undefined) },
          clock: raceClock,
          logger: silent,
        });
        return { outbox, sent: server.sent };
      });
      // Each runner keeps taking batches (three at a time, in parallel) until nothing is due.
      await Promise.all(
        runners.flatMap(({ outbox }) =>
          [0, 1, 2].map(async () => {
            while ((await outbox.deliverDue()) > 0);
          }),
        ),
      );
      const sent = runners.flatMap((r) => r.sent.map((m) => m.to));
      expect(sent).toHaveLength(MAILS);
      expect(new Set(sent).size).toBe(MAILS);
      // Both runners did some of the work.
      expect(runners.every((r) => r.sent.length > 0)).toBe(true);
      const rows = await seeding.outbox.list();
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
