// Statements built once per process and run on whichever executor is at hand (decision 059), on
// PGlite and PostgreSQL: each run reads through its own executor's connection, so a transaction
// sees its own uncommitted rows and nobody else does.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { Database } from './client.js';
import { compiledInsert, compiledStatement } from './compiled.js';
import { outboxMails, users } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t?.close();
});

const byEmail = compiledStatement('test_compiled_users_by_email', (db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, sql.placeholder('email'))),
);

const insertUser = (db: Database, email: string) =>
  db.insert(users).values({ id: randomUUID(), name: 'Compiled', email, passwordHash: 'x' });

class RollBack extends Error {}

describe('a compiled statement', () => {
  it('runs in a transaction first, then on the database, then in another transaction', async () => {
    const email = `compiled-${randomUUID()}@pehnava.test`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await insertUser(tx, email);
        expect(await byEmail(tx).execute({ email })).toHaveLength(1);
        // Another connection (the database's pool) does not see the uncommitted row.
        if (t.database.kind === 'postgres') {
          expect(await byEmail(t.database.db).execute({ email })).toEqual([]);
        }
        throw new RollBack();
      }),
    ).rejects.toBeInstanceOf(RollBack);
    expect(await byEmail(t.database.db).execute({ email })).toEqual([]);

    await t.database.db.transaction(async (tx) => {
      await insertUser(tx, email);
      const [row] = await byEmail(tx).execute({ email });
      expect(row?.email).toBe(email);
    });
    const [row] = await byEmail(t.database.db).execute({ email });
    expect(row?.email).toBe(email);
  });

  it('keeps two transactions at once apart', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite runs one transaction at a time
    const emails = [0, 1].map((i) => `compiled-${i}-${randomUUID()}@pehnava.test`);
    let arrived = 0;
    let bothIn: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const seen = await Promise.all(
      emails.map((email) =>
        t.database.db
          .transaction(async (tx) => {
            await insertUser(tx, email);
            if (++arrived === 2) bothIn();
            await together;
            const own = await byEmail(tx).execute({ email });
            const others = await byEmail(tx).execute({ email: emails.find((e) => e !== email)! });
            throw Object.assign(new RollBack(), { own, others });
          })
          .catch((error: RollBack & { own: unknown[]; others: unknown[] }) => error),
      ),
    );
    for (const result of seen) {
      expect(result).toBeInstanceOf(RollBack);
      expect(result.own).toHaveLength(1);
      expect(result.others).toEqual([]);
    }
  });
});

const insertMails = compiledInsert(
  'test_compiled_outbox_insert',
  (db, rows: Record<string, unknown>[]) =>
    db
      .insert(outboxMails)
      .values(rows as (typeof outboxMails.$inferInsert)[])
      .returning(),
);

describe('a compiled insert', () => {
  const mail = (over: Partial<typeof outboxMails.$inferInsert> = {}) => ({
    kind: 'test',
    recipient: `compiled-${randomUUID()}@pehnava.test`,
    subject: 'Compiled',
    textBody: 'text',
    htmlBody: '<p>html</p>',
    nextAttemptAt: new Date('2026-11-26T10:00:00.000Z'),
    createdAt: new Date('2026-11-26T09:00:00.000Z'),
    ...over,
  });

  it("stores each call's values, maps them as Drizzle's insert would, and leaves undefined columns to their defaults", async () => {
    const first = mail({ sentAt: null, lastError: undefined });
    const second = mail({ sentAt: null, subject: 'Another' });
    const [a] = await insertMails(t.database.db, [first]);
    const [b] = await insertMails(t.database.db, [second]);
    for (const [row, given] of [
      [a!, first],
      [b!, second],
    ] as const) {
      expect(row.recipient).toBe(given.recipient);
      expect(row.subject).toBe(given.subject);
      expect(row.createdAt.toISOString()).toBe(given.createdAt.toISOString());
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toBeNull();
      expect(row.attempts).toBe(0);
      expect(row.status).toBe('pending');
    }
    expect(a!.id).not.toBe(b!.id);
    // A value where the last call had null is a different shape, not a null.
    const sent = new Date('2026-11-26T11:00:00.000Z');
    const [c] = await insertMails(t.database.db, [mail({ sentAt: sent })]);
    expect(c!.sentAt?.toISOString()).toBe(sent.toISOString());
  });

  it('inserts several rows at once, and rows of different columns too', async () => {
    const rows = [mail(), mail({ lastError: 'none' })];
    const inserted = await insertMails(t.database.db, rows);
    expect(inserted.map((row) => row.lastError).sort()).toEqual(['none', null].sort());
    const same = [mail({ attempts: 2 }), mail({ attempts: 3 })];
    const both = await insertMails(t.database.db, same);
    expect(both.map((row) => row.attempts).sort()).toEqual([2, 3]);
    // The first row has the columns of the pair above, the second one more: not their statement.
    const wider = [mail({ attempts: 4 }), mail({ attempts: 5, lastError: 'kept' })];
    const mixed = await insertMails(t.database.db, wider);
    expect(mixed.map((row) => [row.attempts, row.lastError])).toEqual([
      [4, null],
      [5, 'kept'],
    ]);
    const stored = await t.database.db
      .select({ recipient: outboxMails.recipient })
      .from(outboxMails)
      .where(
        inArray(
          outboxMails.recipient,
          [...rows, ...same, ...wider].map((row) => row.recipient),
        ),
      );
    expect(stored).toHaveLength(6);
  });

  it('writes in the transaction it is given, and nothing once that rolls back', async () => {
    const given = mail();
    await expect(
      t.database.db.transaction(async (tx) => {
        await insertMails(tx, [given]);
        throw new RollBack();
      }),
    ).rejects.toBeInstanceOf(RollBack);
    const stored = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, given.recipient));
    expect(stored).toEqual([]);
  });
});
