import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia, type Product } from '@pehnava/shared';
import { REFUNDS_JOB } from '../jobs/payment-jobs.js';
import { callAs } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { checkout, itemFor, paidIds } from '../test/checkout.js';
import {
  adminQuery,
  databaseStamp,
  scratchDir,
  usingPostgres,
  withDatabase,
} from '../test/database.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../test/shopping.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/*
 * The restore drill of docs/operations.md ('The restore drill'), on PostgreSQL: a shop with paid
 * bookings, a dispatch and a refund is dumped with `pg_dump -Fc` while it serves, its database
 * dropped, the dump restored with `pg_restore` into a new database, and the app started on that
 * one must serve the same bookings and payments (same ids, amounts, statuses, the same answers
 * word for word), keep its sessions, and take a new booking, paid and sent, afterwards (the
 * sequences restored with the rows). PGlite has no pg_dump: the embedded database is backed up
 * by copying DATA_DIR with the server stopped.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const tool = (name: string) => {
  const found = spawnSync(name, ['--version'], { encoding: 'utf8' });
  return found.error ? undefined : found.stdout.trim();
};
const pgDump = tool('pg_dump');
const pgRestore = tool('pg_restore');
const skipped = !usingPostgres()
  ? 'needs PostgreSQL: set TEST_DATABASE_URL'
  : !pgDump || !pgRestore
    ? 'needs pg_dump and pg_restore (Debian: postgresql-client)'
    : undefined;

// One secret for both apps, as every host of a deployment has: sessions outlive the restore.
const env = { JWT_SECRET: 'restore-drill-'.padEnd(48, 'x'), AUTH_RATE_LIMIT_PER_IP: '1000' };
const today = () => todayInIndia(new Date());
// Made when the drill runs (not when it is skipped), removed after it.
let scratch: string | undefined;
const dumpFile = () => join(scratch!, 'pehnava.dump');
const restoredName = `pehnava_t_${databaseStamp()}`;
let before: TestApp | undefined;
let after: TestApp | undefined;
let products: Product[];
let shopper: Shopper;
let admin: Shopper;

/** What the shop serves and holds about its money, read the same way before and after. */
async function served(t: TestApp, bookingIds: string[]) {
  const as = (who: Shopper) => (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
  const window = `from=${addDays(today(), -1)}&to=${addDays(today(), 1)}`;
  const answers: Record<string, { status: number; body: string }> = {};
  for (const [who, url] of [
    [shopper, '/api/booking/my'],
    ...bookingIds.map((id) => [admin, `/api/admin/bookings/${id}`] as const),
    [admin, `/api/admin/reports/export?kind=bookings&${window}`],
    [admin, `/api/admin/reports/export?kind=payments&${window}`],
    [admin, `/api/admin/reports/export?kind=refunds&${window}`],
  ] as const) {
    const res = await as(who)(url);
    answers[url] = { status: res.statusCode, body: res.body };
  }
  const rows = async (text: string) =>
    ((await t.database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] })
      .rows;
  return {
    answers,
    bookings: await rows(
      'select id, status, payment_status, total_paise from bookings order by id',
    ),
    payments: await rows(
      'select id, booking_id, purpose, provider_payment_id, amount_paise, status from payments order by id',
    ),
    captures: await rows(
      'select id, order_id, amount_paise, outcome, refunded_paise from captures order by id',
    ),
    refunds: await rows('select id, amount_paise, status from refunds order by id'),
    sequences: await rows(
      "select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1",
    ),
  };
}

async function paidBooking(t: TestApp, product: Product) {
  const created = await checkout(shopper, [itemFor(product, { startDate: addDays(today(), 12) })]);
  const ids = await paidIds(t, created.orderId!);
  const verified = await shopper.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return created;
}

/** The same session, its requests sent to another app (the restored shop's). */
const on = (t: TestApp, who: Shopper): Shopper => ({
  ...who,
  call: (method, url, payload) => callAs(t, who.token, method, url, payload),
});

function run(command: string, args: string[]) {
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  expect(result.status, `${command} ${args.join(' ')}:\n${result.stderr}`).toBe(0);
  return performance.now() - started;
}

async function databaseExists(name: string): Promise<boolean> {
  const found = await adminQuery(serverUrl!, `select 1 from pg_database where datname = '${name}'`);
  return found.rowCount === 1;
}

describe.skipIf(skipped !== undefined)(
  `the restore drill: pg_dump, drop, pg_restore, the same shop${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let droppedName: string;
    let kept: { id: string };
    let cancelled: { id: string };
    let shopBefore: Awaited<ReturnType<typeof served>>;

    beforeAll(async () => {
      scratch = mkdtempSync(join(scratchDir(), 'pehnava-drill-'));
      before = await createTestApp({ seed: true, jobs: false, env });
      products = (await catalogueProducts(before)).filter(
        (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
      );
      shopper = await newShopper(before, 'drill-shopper@pehnava.test');
      admin = await newShopper(before, 'drill-admin@pehnava.test');
      await before.services.repos.users.setRole(admin.id, 'admin');
    });

    afterAll(async () => {
      await before?.close();
      await after?.close();
      if (serverUrl)
        await adminQuery(serverUrl, `drop database if exists ${restoredName} with (force)`);
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it('dumps a shop with paid, sent and refunded bookings while it serves', async () => {
      const t = before!;
      kept = { id: (await paidBooking(t, products[0]!)).bookingId };
      cancelled = { id: (await paidBooking(t, products[1]!)).bookingId };
      // One sent (booking and unit events, numbered by sequences), one cancelled and refunded.
      const sent = await admin.call('POST', `/api/admin/bookings/${kept.id}/dispatch`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      const gone = await admin.call('POST', `/api/admin/bookings/${cancelled.id}/cancel`, {
        reason: 'the drill',
      });
      expect(gone.statusCode, gone.body).toBe(200);
      await t.runJob(REFUNDS_JOB);

      shopBefore = await served(t, [kept.id, cancelled.id]);
      expect(Object.values(shopBefore.answers).map((a) => a.status)).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
      expect(shopBefore.bookings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: kept.id, status: 'shipped', payment_status: 'completed' }),
          expect.objectContaining({ id: cancelled.id, status: 'cancelled' }),
        ]),
      );
      expect(shopBefore.payments.filter((p) => p.status === 'completed')).toHaveLength(2);
      expect(shopBefore.refunds).toEqual([expect.objectContaining({ status: 'processed' })]);
      expect(shopBefore.sequences.some((s) => Number(s.last_value) > 0)).toBe(true);

      // The nightly backup: custom format, taken from the running shop (one snapshot).
      const url = (t.database as { url?: string }).url!;
      droppedName = new URL(url).pathname.slice(1);
      const ms = run('pg_dump', ['--format=custom', '--file', dumpFile(), '--dbname', url]);
      expect(statSync(dumpFile()).size).toBeGreaterThan(100_000);
      expect(ms).toBeLessThan(15_000);
    });

    it('drops the database, restores the dump into a new one, and the app starts on it', async () => {
      // Closing the test app drops its database (with force), as losing the server would.
      await before!.close();
      before = undefined;
      expect(await databaseExists(droppedName)).toBe(false);

      await adminQuery(serverUrl!, `create database ${restoredName}`);
      const url = withDatabase(serverUrl!, restoredName);
      run('pg_restore', ['--exit-on-error', '--no-owner', '--dbname', url, dumpFile()]);
      const restored = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
      // What the deployment's migrate step would do: nothing is pending in a restored database.
      await runMigrations(restored);
      after = await createTestApp({ database: restored, jobs: false, env });
      // From here on, the same tokens go to the restored shop.
      shopper = on(after, shopper);
      admin = on(after, admin);
      const ready = await after.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    });

    it('serves the same bookings and payments: ids, amounts in paise, statuses, answers', async () => {
      const shopAfter = await served(after!, [kept.id, cancelled.id]);
      expect(shopAfter.bookings).toEqual(shopBefore.bookings);
      expect(shopAfter.payments).toEqual(shopBefore.payments);
      expect(shopAfter.captures).toEqual(shopBefore.captures);
      expect(shopAfter.refunds).toEqual(shopBefore.refunds);
      expect(shopAfter.sequences).toEqual(shopBefore.sequences);
      // The shopper's and the operator's sessions still hold, and every answer is the same.
      expect(shopAfter.answers).toEqual(shopBefore.answers);
    });

    it('takes a new booking afterwards, paid and sent, its rows numbered after the old ones', async () => {
      const t = after!;
      const next = await paidBooking(t, products[2]!);
      const sent = await admin.call('POST', `/api/admin/bookings/${next.bookingId}/dispatch`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      const mine = await shopper.call('GET', '/api/booking/my');
      const ids = (mine.json() as { bookings: { _id: string; status: string }[] }).bookings.map(
        (b) => b._id,
      );
      expect(ids).toEqual(expect.arrayContaining([kept.id, cancelled.id, next.bookingId]));
      const sequences = (await served(t, [])).sequences;
      for (const sequence of sequences) {
        const old = shopBefore.sequences.find((s) => s.sequencename === sequence.sequencename);
        if (old?.last_value != null) {
          expect(Number(sequence.last_value), String(sequence.sequencename)).toBeGreaterThan(
            Number(old.last_value),
          );
        }
      }
      // And a new shopper can sign up (a fresh row everywhere a sign-up writes).
      await newShopper(t, 'drill-after@pehnava.test');
    });
  },
);
