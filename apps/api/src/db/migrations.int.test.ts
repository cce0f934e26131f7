import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { DatabaseHandle } from './client.js';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.js';
import {
  bookingItems,
  bookings,
  productUnits,
  products,
  unitReservations,
} from './schema/index.js';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function fresh(): Promise<DatabaseHandle> {
  const db = await createTestDatabase({ migrate: false });
  open.push(db);
  return db;
}

/** Tables, columns, constraints and indexes of the public schema, plus applied migrations. */
async function describeSchema(handle: DatabaseHandle) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as { rows: unknown[] }).rows as Record<string, unknown>[];
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by 1, 2`),
    constraints:
      await rows(sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = 'public' order by 1, 2`),
    migrations: await rows(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
    ),
  };
}

const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('migrations', () => {
  it('build every table on an empty database, and a second start changes nothing', async () => {
    const db = await fresh();
    await runMigrations(db);
    const first = await describeSchema(db);
    expect(first.migrations).toHaveLength(journalEntries());
    const tables = new Set(first.columns.map((c) => c.table_name));
    for (const table of [
      'users',
      'otp_codes',
      'products',
      'product_sizes',
      'product_units',
      'product_filters',
      'cart_items',
      'wishlist_items',
      'coupons',
      'coupon_uses',
      'bookings',
      'booking_items',
      'unit_reservations',
      'plans',
      'subscriptions',
      'payments',
      'payment_events',
      'tax_documents',
      'tax_document_counters',
    ]) {
      expect(tables, table).toContain(table);
    }
    expect(first.constraints.map((c) => c.conname)).toContain('unit_reservations_no_overlap');
    expect(first.columns).toContainEqual(
      expect.objectContaining({ table_name: 'users', column_name: 'gstin', is_nullable: 'YES' }),
    );

    await runMigrations(db);
    expect(await describeSchema(db)).toEqual(first);
  });

  it('bring a database made by an older set of migrations forward without losing its data', async () => {
    const older = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    try {
      cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
      const journalPath = join(older, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
      journal.entries = journal.entries.slice(0, 1);
      writeFileSync(journalPath, JSON.stringify(journal));

      const db = await fresh();
      await runMigrations(db, older);
      expect((await describeSchema(db)).constraints.map((c) => c.conname)).not.toContain(
        'unit_reservations_no_overlap',
      );
      await db.db.insert(products).values(sampleProduct('PHN-OLD-0001'));

      await runMigrations(db);
      const after = await describeSchema(db);
      expect(after.migrations).toHaveLength(journalEntries());
      expect(after.constraints.map((c) => c.conname)).toContain('unit_reservations_no_overlap');
      const kept = await db.db.select().from(products);
      expect(kept.map((p) => p.productId)).toEqual(['PHN-OLD-0001']);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

/** A new database with the migrations before `tag` run (copied into `folder`, a temp dir). */
async function migratedBefore(tag: string, folder: string) {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  const db = await fresh();
  await runMigrations(db, folder);
  return db;
}

describe('the payment captures (migration 0007)', () => {
  it('keep the payments made before them: applied to their booking or plan period, or refunded, with their refunds counted', async () => {
    const older = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    try {
      const db = await migratedBefore('0007', older);
      const run = (query: ReturnType<typeof sql>) => db.db.execute(query);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await run(query)) as unknown as { rows: T[] }).rows;

      // As the code before 0007 wrote them: a paid booking later cancelled and refunded, a
      // late payment refunded without confirming its booking, a plan period bought, and a
      // checkout still open.
      const [user] = await rows<{ id: string }>(sql`insert into users (name, email, password_hash)
        values ('Tara', 'tara@pehnava.test', 'x') returning id`);
      const address = sql`'{"name":"Tara","phone":"9820012345","street":"1 Road","landmark":"","city":"Mumbai","state":"Maharashtra","pincode":"400050"}'::jsonb`;
      const booking = async (status: string, paymentStatus: string, paymentId: string | null) =>
        (
          await rows<{ id: string }>(sql`insert into bookings (user_id, status, payment_status,
            payment_provider, provider_payment_id, subtotal_paise, total_paise, delivery_address,
            expires_at, confirmed_at)
          values (${user!.id}, ${status}, ${paymentStatus}, 'sandbox', ${paymentId}, 50000, 50000,
            ${address}, now() + interval '10 minutes',
            ${paymentStatus === 'completed' ? sql`now()` : sql`null`})
          returning id`)
        )[0]!.id;
      const order = async (
        purpose: string,
        bookingId: string | null,
        status: string,
        pay: string | null,
      ) =>
        (
          await rows<{ id: string }>(sql`insert into payments (user_id, purpose, booking_id,
            plan_id, provider, provider_order_id, provider_payment_id, amount_paise, status, method)
          values (${user!.id}, ${purpose}, ${bookingId},
            ${purpose === 'subscription' ? 'plus' : null}, 'sandbox', ${`order_${pay ?? 'open'}`},
            ${pay}, ${purpose === 'subscription' ? 99900 : 50000}, ${status}, 'upi')
          returning id`)
        )[0]!.id;
      const refund = (paymentId: string, bookingId: string, pay: string, reason: string) =>
        run(sql`insert into refunds (payment_id, booking_id, provider_payment_id, amount_paise,
            reason, idempotency_key, next_attempt_at, created_at)
          values (${paymentId}, ${bookingId}, ${pay}, 50000, ${reason}, ${`${reason}:${pay}`},
            now(), now())`);
      await run(sql`insert into plans (id, name, price_paise, duration_days, features, benefits,
          level) values ('plus', 'Plus', 99900, 14, '[]'::jsonb, '{}'::jsonb, 1)`);

      const cancelled = await booking('cancelled', 'completed', 'pay_cancelled');
      const cancelledOrder = await order('booking', cancelled, 'completed', 'pay_cancelled');
      await refund(cancelledOrder, cancelled, 'pay_cancelled', 'cancellation');
      const late = await booking('cancelled', 'failed', null);
      const lateOrder = await order('booking', late, 'completed', 'pay_late');
      await refund(lateOrder, late, 'pay_late', 'late-payment');
      const planOrder = await order('subscription', null, 'completed', 'pay_plan');
      const [period] = await rows<{ id: string }>(sql`insert into subscriptions (user_id, plan_id,
          start_date, end_date, payment_id)
        values (${user!.id}, 'plus', now(), now() + interval '14 days', ${planOrder}) returning id`);
      const open = await booking('pending', 'pending', null);
      await order('booking', open, 'created', null);

      await runMigrations(db);
      const captures = await rows<{
        provider_payment_id: string;
        outcome: string;
        applied_to: string | null;
        booking_id: string | null;
        subscription_id: string | null;
        reason: string | null;
        amount_paise: number;
        refunded_paise: number;
      }>(sql`select provider_payment_id, outcome, applied_to, booking_id, subscription_id, reason,
          amount_paise, refunded_paise from captures order by provider_payment_id`);
      expect(captures).toEqual([
        {
          provider_payment_id: 'pay_cancelled',
          outcome: 'applied',
          applied_to: 'booking',
          booking_id: cancelled,
          subscription_id: null,
          reason: null,
          amount_paise: 50000,
          refunded_paise: 50000,
        },
        {
          provider_payment_id: 'pay_late',
          outcome: 'refunded',
          applied_to: null,
          booking_id: null,
          subscription_id: null,
          reason: 'late-payment',
          amount_paise: 50000,
          refunded_paise: 50000,
        },
        {
          provider_payment_id: 'pay_plan',
          outcome: 'applied',
          applied_to: 'plan',
          booking_id: null,
          subscription_id: period!.id,
          reason: null,
          amount_paise: 99900,
          refunded_paise: 0,
        },
      ]);
      const unmatched = await rows<{ n: number }>(
        sql`select count(*)::int as n from refunds where capture_id is null`,
      );
      expect(unmatched[0]!.n).toBe(0);
      // The open checkout is watched by the reconciliation from its hold's end.
      const [watched] = await rows<{ due: boolean }>(sql`select p.reconcile_at = b.expires_at as due
          from payments p join bookings b on b.id = p.booking_id where b.id = ${open}`);
      expect(watched!.due).toBe(true);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe("the units' states and tag codes (migration 0008)", () => {
  it('gives every unit made before it a tag code and a state, and codes the units made after', async () => {
    const older = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    try {
      const db = await migratedBefore('0008', older);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
      await db.db.insert(products).values(sampleProduct('PHN-LEH-0047'));
      const [product] = await rows<{ id: string }>(sql`select id from products`);
      await db.db.execute(sql`insert into product_units (product_id, size, unit_number, retired_at)
        values (${product!.id}, 'M', 1, null), (${product!.id}, 'M', 2, now()),
               (${product!.id}, 'Free Size', 1, null)`);

      await runMigrations(db);
      const units = await rows<{ code: string; state: string }>(
        sql`select code, state from product_units order by code`,
      );
      expect(units).toEqual([
        { code: 'PHN-LEH-0047-FREESIZE-1', state: 'in-service' },
        { code: 'PHN-LEH-0047-M-1', state: 'in-service' },
        { code: 'PHN-LEH-0047-M-2', state: 'retired' },
      ]);
      const [made] = await db.db
        .insert(productUnits)
        .values({ productId: product!.id, size: 'xl', unitNumber: 3 })
        .returning();
      expect(made!.code).toBe('PHN-LEH-0047-XL-3');
      // A tag's code never changes.
      await expect(
        db.db.execute(sql`update product_units set code = 'X' where id = ${made!.id}`),
      ).rejects.toThrow();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe('balance payments (migration 0011)', () => {
  it('keep the payments made before them, and take balance orders and one applied payment per order after', async () => {
    const older = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    try {
      const db = await migratedBefore('0011', older);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [user] = await rows<{ id: string }>(sql`insert into users (name, email, password_hash)
        values ('Ira', 'ira@pehnava.test', 'x') returning id`);
      const [booking] = await rows<{ id: string }>(sql`insert into bookings (user_id, status,
          payment_status, payment_provider, provider_payment_id, subtotal_paise, total_paise,
          delivery_address, expires_at, confirmed_at)
        values (${user!.id}, 'confirmed', 'completed', 'sandbox', 'pay_1', 50000, 50000,
          '{"name":"Ira","phone":"9820012345","street":"1 Road","landmark":"","city":"Mumbai","state":"Maharashtra","pincode":"400050"}'::jsonb,
          now(), now()) returning id`);
      const [order] = await rows<{ id: string }>(sql`insert into payments (user_id, purpose,
          booking_id, provider, provider_order_id, provider_payment_id, amount_paise, status)
        values (${user!.id}, 'booking', ${booking!.id}, 'sandbox', 'order_1', 'pay_1', 50000,
          'completed') returning id`);
      await db.db.execute(sql`insert into captures (order_id, provider, provider_payment_id,
          amount_paise, currency, method, outcome, applied_to, booking_id, decided_at)
        values (${order!.id}, 'sandbox', 'pay_1', 50000, 'INR', 'upi', 'applied', 'booking',
          ${booking!.id}, now())`);

      await runMigrations(db);
      expect(
        await rows(sql`select balance_reminded_at from bookings where id = ${booking!.id}`),
      ).toEqual([{ balance_reminded_at: null }]);
      expect(await rows(sql`select outcome from captures`)).toEqual([{ outcome: 'applied' }]);
      // A balance order for the booking is stored; a second applied payment on one order is not.
      await db.db.execute(sql`insert into payments (user_id, purpose, booking_id, provider,
          provider_order_id, amount_paise) values (${user!.id}, 'balance', ${booking!.id},
          'sandbox', 'order_2', 24900)`);
      await expect(
        db.db.execute(sql`insert into captures (order_id, provider, provider_payment_id,
            amount_paise, currency, method, outcome, applied_to, decided_at)
          values (${order!.id}, 'sandbox', 'pay_2', 50000, 'INR', 'upi', 'applied', 'charges', now())`),
      ).rejects.toThrow();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe("cards' ratings (migration 0022)", () => {
  it('counts the visible reviews written before it, raises the change mark, and keeps counting after', async () => {
    const older = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    try {
      const db = await migratedBefore('0022', older);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
      await db.db
        .insert(products)
        .values([sampleProduct('PHN-LEH-0001'), sampleProduct('PHN-LEH-0002')]);
      const [a, b] = await rows<{ id: string }>(sql`select id from products order by product_id`);
      const [user] = await rows<{ id: string }>(sql`insert into users (name, email, password_hash)
        values ('Ira', 'ira@pehnava.test', 'x') returning id`);
      const [booking] = await rows<{ id: string }>(sql`insert into bookings (user_id, status,
          payment_status, payment_provider, subtotal_paise, total_paise, delivery_address, expires_at)
        values (${user!.id}, 'delivered', 'completed', 'sandbox', 80000, 80000,
          '{"name":"Ira","phone":"9820012345","street":"1 Road","landmark":"","city":"Mumbai","state":"Maharashtra","pincode":"400050"}'::jsonb,
          now()) returning id`);
      const review = async (product: string, rating: number, hidden = false) => {
        const [item] = await rows<{ id: string }>(sql`insert into booking_items (booking_id,
            product_id, size, duration_days, start_date, end_date, original_price_paise, total_paise)
          values (${booking!.id}, ${product}, 'M', 2, '2026-10-01', '2026-10-03', 40000, 40000)
          returning id`);
        await db.db.execute(sql`insert into reviews (booking_item_id, booking_id, product_id,
            user_id, rating, fit, size_worn, first_name, city, hidden_at, hidden_reason)
          values (${item!.id}, ${booking!.id}, ${product}, ${user!.id}, ${rating}, 'true-to-size',
            'M', 'Ira', 'Mumbai', ${hidden ? sql`now()` : null}, ${hidden ? 'Spam' : null})`);
      };
      for (const rating of [5, 4, 4]) await review(a!.id, rating);
      await review(a!.id, 1, true);
      await review(b!.id, 3);
      const mark = async () =>
        Number(
          (await rows<{ version: number }>(sql`select version from catalogue_version`))[0]!.version,
        );
      const before = await mark();

      await runMigrations(db);
      const ratings = () =>
        rows(sql`select product_id, review_count, rating_sum from product_ratings
          order by product_id`);
      expect(await ratings()).toEqual(
        [
          { product_id: a!.id, review_count: 3, rating_sum: 13 },
          { product_id: b!.id, review_count: 1, rating_sum: 3 },
        ].sort((x, y) => x.product_id.localeCompare(y.product_id)),
      );
      expect(await mark()).toBeGreaterThan(before);
      // From now on the triggers keep it: the hidden one shown again counts.
      await db.db.execute(sql`update reviews set hidden_at = null, hidden_reason = null`);
      expect(await ratings()).toContainEqual({
        product_id: a!.id,
        review_count: 4,
        rating_sum: 14,
      });
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe('unit reservations', () => {
  it('make overlapping reservations of one unit impossible, whatever the timing', async () => {
    const db = await fresh();
    await runMigrations(db);
    const [product] = await db.db
      .insert(products)
      .values(sampleProduct('PHN-LEH-9001'))
      .returning();
    const [unit] = await db.db
      .insert(productUnits)
      .values({ productId: product!.id, size: 'M', unitNumber: 1 })
      .returning();
    const [booking] = await db.db
      .insert(bookings)
      .values({
        paymentProvider: 'sandbox',
        subtotalPaise: 100_00,
        totalPaise: 100_00,
        deliveryAddress: {
          name: 'Asha',
          phone: '9876543210',
          street: '1 MG Road',
          landmark: '',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400001',
        },
        expiresAt: new Date(Date.now() + 15 * 60_000),
      })
      .returning();
    const item = async () =>
      (
        await db.db
          .insert(bookingItems)
          .values({
            bookingId: booking!.id,
            productId: product!.id,
            size: 'M',
            durationDays: 4,
            startDate: '2026-12-10',
            endDate: '2026-12-14',
            originalPricePaise: 100_00,
            totalPaise: 100_00,
          })
          .returning()
      )[0]!;
    const reserve = async (from: string, until: string) =>
      db.db.insert(unitReservations).values({
        unitId: unit!.id,
        bookingItemId: (await item()).id,
        blockedFrom: from,
        blockedUntil: until,
      });

    await reserve('2026-12-09', '2026-12-17');
    await expect(reserve('2026-12-17', '2026-12-20')).rejects.toThrow();
    await expect(reserve('2026-12-01', '2026-12-09')).rejects.toThrow();
    // Racing inserts: exactly one wins.
    const race = await Promise.allSettled([
      reserve('2027-01-01', '2027-01-05'),
      reserve('2027-01-03', '2027-01-08'),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The day after the block ends is free; a released reservation blocks nothing.
    await reserve('2026-12-18', '2026-12-20');
    await db.db.execute(sql`update unit_reservations set active = false, released_at = now()
      where blocked_from = '2026-12-09'`);
    await reserve('2026-12-05', '2026-12-10');
    await expect(reserve('2026-12-12', '2026-12-10')).rejects.toThrow();
  });
});

function sampleProduct(productId: string) {
  return {
    productId,
    name: 'Sample',
    description: 'Sample',
    images: ['/images/x.svg'],
    mrpPaise: 4_000_00,
    twoDayPricePaise: 400_00,
    fourDayPricePaise: 520_00,
    sevenDayPricePaise: 680_00,
    fourteenDayPricePaise: 1_000_00,
    category: 'premium' as const,
    condition: 'Like new',
  };
}
