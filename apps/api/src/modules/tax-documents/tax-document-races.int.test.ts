// Tax documents' numbers raced across OS processes on PostgreSQL (decision 081): two API servers
// on one database apply payments at once (each payment reported to both, while their webhook jobs
// deliver it again), and two more processes take serials in transactions of which some roll back.
// Whatever the timing, every number of a series is given once, and none is skipped.
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, taxDocumentNumber, type Product } from '@pehnava/shared';
import { bookings, taxDocumentCounters, taxDocuments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/database.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';

const JWT_SECRET = 'tax-document-races-secret-0123456789abcdef';
const JAIPUR = { ...ADDRESS, city: 'Jaipur', state: 'Rajasthan', pincode: '302001' };
const SERIALS_WORKER = fileURLToPath(new URL('../../test/tax-serials-worker.ts', import.meta.url));

/**
 * An API server in a process of its own on the test's database, with the in-process app's
 * session secret and sandbox keys (as hosts of one deployment share them), its jobs running.
 */
const startServer = (url: string, keysFrom: string) =>
  startServerProcess({
    url,
    label: 'tax-races',
    env: { JWT_SECRET, SANDBOX_WEBHOOK_DELAY_MS: '0' },
    prepare: (dataDir) =>
      copyFileSync(
        join(keysFrom, 'sandbox-payment-keys.json'),
        join(dataDir, 'sandbox-payment-keys.json'),
      ),
  });

/** Run the serials worker in a process of its own; its committed serials and rollbacks. */
function takeSerials(url: string, args: string[]) {
  return new Promise<{ committed: number[]; rolledBack: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERIALS_WORKER, url, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the serials worker exited ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ReturnType<typeof JSON.parse>);
    });
  });
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.runIf(usingPostgres())('tax documents’ numbers across processes on PostgreSQL', () => {
  let database: TestDatabase;
  let a: TestApp;
  let servers: ServerProcess[] = [];
  let products: Product[];

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    a = await createTestApp({ seed: true, database, jobs: false, env: { JWT_SECRET } });
    products = (await catalogueProducts(a)).filter(
      (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
    );
    servers = await Promise.all([
      startServer(database.url!, a.dataDir),
      startServer(database.url!, a.dataDir),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await a?.close();
  }, 60_000);

  it('two servers applying payments at once give every invoice its own number, with none skipped', async () => {
    const count = 16;
    // Shoppers, bookings and captured payments, made through the in-process app (which runs no
    // jobs, so nothing is decided yet); half to Mumbai, half to Jaipur.
    const paid = [];
    for (let i = 0; i < count; i += 1) {
      const s = await newShopper(a, `tax-race-${i}@pehnava.test`);
      const created = await checkout(s, [itemFor(products[i]!)], {
        address: i % 2 === 0 ? ADDRESS : JAIPUR,
      });
      paid.push({ s, created, ids: await paidIds(a, created.orderId!) });
    }

    // Every payment reported to both servers at once; their webhook jobs report it again.
    const answers = await Promise.all(
      paid.flatMap(({ s, created, ids }) =>
        servers.map((server) =>
          fetch(`${server.base}/api/booking/verify`, {
            method: 'POST',
            headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...ids, bookingId: created.bookingId }),
          }).then(async (res) => ({ status: res.status, body: await res.text() })),
        ),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.body).toBe(200);

    const bookingIds = paid.map(({ created }) => created.bookingId);
    const rows = await database.db
      .select({ id: bookings.id, paymentStatus: bookings.paymentStatus })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds));
    expect(rows.map((row) => row.paymentStatus)).toEqual(Array(count).fill('completed'));

    const financialYear = financialYearOf(new Date());
    const invoices = await database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.kind, 'invoice'), eq(taxDocuments.financialYear, financialYear)))
      .orderBy(asc(taxDocuments.serial));
    expect(invoices.map((invoice) => invoice.serial)).toEqual(oneToN(count));
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      oneToN(count).map((serial) => taxDocumentNumber('invoice', financialYear, serial)),
    );
    expect(new Set(invoices.map((invoice) => invoice.bookingId))).toEqual(new Set(bookingIds));
    for (const invoice of invoices) {
      const mumbai = bookingIds.indexOf(invoice.bookingId!) % 2 === 0;
      expect(invoice.supply).toBe(mumbai ? 'intra-state' : 'inter-state');
    }
    const [counter] = await database.db
      .select()
      .from(taxDocumentCounters)
      .where(
        and(
          eq(taxDocumentCounters.kind, 'invoice'),
          eq(taxDocumentCounters.financialYear, financialYear),
        ),
      );
    expect(counter!.lastSerial).toBe(count);
  }, 120_000);

  it('two processes taking serials, some of their transactions rolled back, share none and skip none', async () => {
    // A series of its own (credit notes of 2099-00), so the payments above do not count in it.
    const runs = await Promise.all([
      takeSerials(database.url!, ['credit-note', '2099', '120', '4']),
      takeSerials(database.url!, ['credit-note', '2099', '120', '3']),
    ]);
    expect(runs.map((run) => run.rolledBack)).toEqual([30, 40]);
    const committed = runs.flatMap((run) => run.committed).sort((x, y) => x - y);
    expect(committed).toEqual(oneToN(90 + 80));
    const [counter] = await database.db
      .select()
      .from(taxDocumentCounters)
      .where(
        and(
          eq(taxDocumentCounters.kind, 'credit-note'),
          eq(taxDocumentCounters.financialYear, 2099),
        ),
      );
    expect(counter!.lastSerial).toBe(170);
  }, 120_000);
});
