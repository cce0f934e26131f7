// The world the payment model runs in: two app instances (as two API processes) on one
// PostgreSQL database, with one session secret, one sandbox gateway's keys, one manual clock and
// no background jobs of their own (the commands run them). Built once per test file and reset
// between sequences, so a sequence costs requests, not start-ups.
import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { addDays, backupSizesFor, todayInIndia, type Product } from '@pehnava/shared';
import { coupons, productUnits, subscriptions, users } from '../../db/schema/index.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { BOOKING_HOLDS_JOB, REFUNDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock, type ManualClock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTokenService } from '../../lib/tokens.js';
import { TEST_PASSWORD, callAs } from '../accounts.js';
import { createTestApp, type TestApp } from '../app.js';
import { adminQuery, createTestDatabase } from '../database.js';
import { catalogueProducts, rentable, sizeOf } from '../shopping.js';
import { resetSql } from './auditor.js';

/** Which app instance a request goes to. */
export type Via = 'a' | 'b';
/** Which instances run a job: one, or both at once (two processes' runners racing). */
export type JobVia = Via | 'both';

export type Answer = Awaited<ReturnType<typeof callAs>>;

/** A product of the pool the model rents from: one size, with 1 or 2 physical pieces. */
export interface PoolProduct {
  id: string;
  size: string;
  units: number;
  /** Another size of it a checkout may add as a back-up (one piece), or null for none. */
  backupSize: string | null;
  /** The product as the catalogue lists it (its prices and tier). */
  product: Product;
}

/** How many pieces each pool product's size has: few, so that checkouts collide often. */
export const POOL_UNITS = [1, 2, 1, 2] as const;
export const POOL_SIZE = POOL_UNITS.length;
/** Shoppers made fresh for each sequence. */
export const SHOPPERS = 3;
/** A coupon only one booking may ever hold or use (inserted once, its uses cleared per sequence). */
export const SINGLE_USE_COUPON = 'ONCEONLY';
/** Every sequence starts at this instant (10:00 in India), so a seed replays the same dates. */
export const START_TIME = new Date('2026-12-01T04:30:00Z');

const JWT_SECRET = 'model-'.repeat(8);
/** A job is run until it finds nothing more to do, at most this many batches. */
const MAX_BATCHES = 25;

export interface World {
  a: TestApp;
  b: TestApp;
  clock: ManualClock;
  pool: PoolProduct[];
  adminId: string;
  /** The sequence's shoppers (fresh ids after every reset). */
  shopperIds: string[];
  holdMinutes: number;
  webhookDelayMs: number;
  /** Error-level lines either app logged since the last reset (a job that crashed, a 5xx). */
  serverErrors: string[];
  app(via: Via): TestApp;
  /** A start date `days` after today in India, by the world's clock. */
  startIn(days: number): string;
  /** A request through one app, signed in as `userId` (a token minted now) or as a visitor. */
  call(
    via: Via,
    userId: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Answer>;
  /** Run a background job until it has nothing left, on one app or on both at once. */
  runJob(via: JobVia, name: string): Promise<void>;
  /** Empty every table a sequence writes, make fresh shoppers and set the clock back. */
  reset(): Promise<void>;
  /**
   * Let the system come to rest, as time would: every hold past its end, every webhook sent,
   * the holds, renewals and refunds jobs run, and the refunds' own webhooks sent.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Lines of the apps' log at error level and above, kept as their messages. */
function errorSink(into: string[], name: string) {
  return {
    write(line: string) {
      let msg = line;
      try {
        const parsed = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        const detail = typeof parsed.err?.message === 'string' ? `: ${parsed.err.message}` : '';
        msg = `${typeof parsed.msg === 'string' ? parsed.msg : line}${detail}`;
      } catch {
        // Not JSON: kept as it is.
      }
      into.push(`app ${name}: ${msg.trim()}`);
    },
  };
}

/** Give each pool product's chosen size exactly `units` pieces. */
async function setUnits(
  database: DatabaseHandle,
  product: Pick<PoolProduct, 'id' | 'size' | 'units'>,
): Promise<void> {
  const { db } = database;
  const where = and(eq(productUnits.productId, product.id), eq(productUnits.size, product.size));
  await db.delete(productUnits).where(and(where, gt(productUnits.unitNumber, product.units)));
  const have = await db.select({ n: productUnits.unitNumber }).from(productUnits).where(where);
  const numbers = new Set(have.map((row) => row.n));
  for (let n = 1; n <= product.units; n += 1) {
    if (!numbers.has(n)) {
      await db
        .insert(productUnits)
        .values({ productId: product.id, size: product.size, unitNumber: n });
    }
  }
}

export async function openWorld(): Promise<World> {
  const clock = createManualClock(START_TIME);
  const serverErrors: string[] = [];
  // Tokens are minted with the app's own token service and secret, at the world's clock.
  const tokens = createTokenService(JWT_SECRET, { now: () => clock.now() });
  const env = { JWT_SECRET, LOG_LEVEL: 'error' };

  const database = await createTestDatabase({ seeded: true });
  // Before any connection opens (settings apply to new sessions): commits need not wait for the
  // disk (a test database is thrown away), and the planner must not compile the auditor's
  // queries to machine code (JIT costs ~100 ms a query on the small tables of a sequence).
  const name = new URL(database.url!).pathname.slice(1);
  await adminQuery(
    database.url!,
    `alter database "${name}" set synchronous_commit = off; alter database "${name}" set jit = off`,
  );
  const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
  const a = await createTestApp({
    seed: true,
    database,
    clock,
    jobs: false,
    env,
    logStream: errorSink(serverErrors, 'a'),
    changeFeed: true,
  });
  // The second process shares the first one's DATA_DIR, as processes on one machine would: the
  // sandbox gateway's keys are kept there, so both sign and check payments and webhooks alike.
  const b = await createTestApp({
    database: second,
    clock,
    jobs: false,
    env: { ...env, DATA_DIR: a.config.DATA_DIR },
    logStream: errorSink(serverErrors, 'b'),
    changeFeed: true,
  });

  const chosen = (await catalogueProducts(a)).filter(
    (p) => rentable(p) && p.twoDayRentalPrice > 0 && p.category !== 'luxury',
  );
  // Two premium pieces (free on Plus and Pro) and two royal ones (half price on Plus).
  const premium = chosen.filter((p) => p.category === 'premium').slice(0, 2);
  const royal = chosen.filter((p) => p.category === 'royal').slice(0, 2);
  const pool = [premium[0]!, royal[0]!, premium[1]!, royal[1]!].map((p, i): PoolProduct => ({
    id: p._id,
    size: sizeOf(p),
    units: POOL_UNITS[i]!,
    backupSize: backupSizesFor(p, sizeOf(p))[0] ?? null,
    product: p,
  }));
  for (const product of pool) {
    await setUnits(database, product);
    // One piece of the back-up size, so that back-ups collide too.
    if (product.backupSize) {
      await setUnits(database, { id: product.id, size: product.backupSize, units: 1 });
    }
  }

  await a.database.db.insert(coupons).values({
    code: SINGLE_USE_COUPON,
    description: 'One use in all',
    type: 'percent',
    value: 10,
    perUserLimit: 1,
    totalLimit: 1,
  });

  const passwordHash = await hashPassword(TEST_PASSWORD);
  const adminId = randomUUID();
  await a.database.db.insert(users).values({
    id: adminId,
    name: 'Model operator',
    email: 'model-admin@pehnava.test',
    passwordHash,
    role: 'admin',
  });

  let sequence = 0;
  const app = (via: Via) => (via === 'a' ? a : b);

  async function drain(t: TestApp, name: string): Promise<void> {
    for (let i = 0; i < MAX_BATCHES; i += 1) {
      if ((await t.runJob(name)) === 0) return;
    }
  }

  const world: World = {
    a,
    b,
    clock,
    pool,
    adminId,
    shopperIds: [],
    holdMinutes: a.config.BOOKING_HOLD_MINUTES,
    webhookDelayMs: a.config.SANDBOX_WEBHOOK_DELAY_MS,
    serverErrors,
    app,
    startIn: (days) => addDays(todayInIndia(clock.now()), days),

    async call(via, userId, method, url, payload) {
      const token = userId ? await tokens.issue({ userId, tokenVersion: 0 }) : undefined;
      return callAs(app(via), token, method, url, payload);
    },

    async runJob(via, name) {
      if (via === 'both') await Promise.all([drain(a, name), drain(b, name)]);
      else await drain(app(via), name);
    },

    async reset() {
      sequence += 1;
      clock.set(START_TIME);
      serverErrors.length = 0;
      await a.database.exec(resetSql(adminId));
      const ids = Array.from({ length: SHOPPERS }, () => randomUUID());
      await a.database.db.insert(users).values(
        ids.map((id, i) => ({
          id,
          name: `Model shopper ${i}`,
          email: `model-${sequence}-${i}@pehnava.test`,
          passwordHash,
        })),
      );
      // The last shopper is on Plus from the start (bought before the sequence), so that plan
      // prices and the rental limit meet checkouts, late payments and races often.
      const now = clock.now();
      await a.database.db.insert(subscriptions).values({
        userId: ids[SHOPPERS - 1]!,
        planId: 'plus',
        startDate: now,
        endDate: new Date(now.getTime() + 14 * 86_400_000),
        autoRenew: false,
      });
      world.shopperIds = ids;
    },

    async settle() {
      clock.advance((world.holdMinutes + 1) * 60_000 + world.webhookDelayMs);
      // Holds first: a payment whose webhook is still on its way then meets its booking's hold
      // ended and its pieces perhaps free again, as it would when the webhook is late.
      await drain(a, BOOKING_HOLDS_JOB);
      await drain(a, SANDBOX_WEBHOOKS_JOB);
      await drain(a, PLAN_RENEWALS_JOB);
      await drain(a, REFUNDS_JOB);
      clock.advance(world.webhookDelayMs);
      await drain(a, SANDBOX_WEBHOOKS_JOB);
    },

    async close() {
      await b.close();
      await a.close();
    },
  };
  return world;
}
