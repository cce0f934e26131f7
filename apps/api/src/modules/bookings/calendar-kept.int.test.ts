// A product's availability calendar kept in memory (decision 058) against the database it stands
// for, on PGlite and PostgreSQL: a booking, a released hold or a unit sent to repair reaches it
// (through the triggers' NOTIFY, whoever wrote), the day turning makes a new one, and a change to
// another product leaves it kept.
import { and, eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  availabilityResponseSchema,
  todayInIndia,
  type AvailabilityResponse,
  type Product,
} from '@pehnava/shared';
import { productUnits, unitReservations } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  reserveUnits,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';
import { createInventory } from './inventory.js';

let t: TestApp;
let products: Product[];
let owner: Shopper;
let next = 0;
/** A different rentable product for each case, so their reservations never meet. */
const aProduct = () => products[next++]!;
const clock = createManualClock(new Date());
/**
 * How long another connection's write may take to reach the kept calendars (its NOTIFY): a wait for
 * a feed that never delivers, not a speed limit (a NOTIFY usually lands within milliseconds;
 * a loaded machine may take longer).
 */
const NOTIFY_WITHIN_MS = 10_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true, clock, changeFeed: true });
  products = (await catalogueProducts(t)).filter(rentable);
  owner = await newShopper(t, 'calendar-owner@pehnava.test');
});
afterAll(async () => {
  await t?.close();
});

const calendarOf = async (product: Product) => {
  const res = await t.app.inject({ url: `/api/product/${product._id}/availability` });
  expect(res.statusCode, res.body).toBe(200);
  return availabilityResponseSchema.parse(res.json());
};

/** The calendar as the database says it is now, made without anything kept. */
function storedCalendarOf(product: Product): Promise<Omit<AvailabilityResponse, 'success'>> {
  const fresh = createInventory({
    repos: t.services.repos,
    catalogue: t.services.catalogue,
    clock,
    days: t.services.inventory.days,
  });
  return fresh.availability(product._id);
}

/** The served calendar once it equals the stored one (or the last of both after the wait). */
async function servedSettles(product: Product) {
  const started = Date.now();
  for (;;) {
    const { success, ...served } = await calendarOf(product);
    expect(success).toBe(true);
    const stored = await storedCalendarOf(product);
    if (
      JSON.stringify(served) === JSON.stringify(stored) ||
      Date.now() - started > NOTIFY_WITHIN_MS
    ) {
      return { served, stored };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const unavailable = (calendar: Omit<AvailabilityResponse, 'success'>, product: Product) =>
  calendar.sizes.find((s) => s.size === sizeOf(product))!.unavailableStartDates['2'];

describe("a product's calendar kept in memory", () => {
  it('answers again without the database, and keeps it when another product changes', async () => {
    const product = aProduct();
    const other = aProduct();
    await calendarOf(product);
    const reads = vi.spyOn(t.services.repos.inventory, 'unitsAndReservations');
    try {
      await calendarOf(product);
      await reserveUnits(t, owner.id, {
        productId: other._id,
        size: sizeOf(other),
        from: addDays(todayInIndia(clock.now()), 5),
        until: addDays(todayInIndia(clock.now()), 9),
      });
      await servedSettles(other);
      reads.mockClear();
      await calendarOf(product);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('shows days taken by a booking, and free again when its holds are let go', async () => {
    const product = aProduct();
    const today = todayInIndia(clock.now());
    expect(unavailable(await calendarOf(product), product)).toEqual([]);
    await reserveUnits(t, owner.id, {
      productId: product._id,
      size: sizeOf(product),
      from: addDays(today, 10),
      until: addDays(today, 14),
    });
    let { served, stored } = await servedSettles(product);
    expect(unavailable(stored, product).length).toBeGreaterThan(0);
    expect(served).toEqual(stored);

    const units = t.database.db
      .select({ id: productUnits.id })
      .from(productUnits)
      .where(eq(productUnits.productId, product._id));
    await t.database.db
      .update(unitReservations)
      .set({ active: false })
      .where(sql`${unitReservations.unitId} in (${units})`);
    ({ served, stored } = await servedSettles(product));
    expect(unavailable(stored, product)).toEqual([]);
    expect(served).toEqual(stored);
  });

  it('counts a unit sent to repair out', async () => {
    const product = aProduct();
    const before = await calendarOf(product);
    const [unit] = await t.database.db
      .select({ id: productUnits.id })
      .from(productUnits)
      .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, sizeOf(product))))
      .limit(1);
    await t.database.db
      .update(productUnits)
      .set({ state: 'repair' })
      .where(eq(productUnits.id, unit!.id));
    const { served, stored } = await servedSettles(product);
    const units = (c: typeof stored) => c.sizes.find((s) => s.size === sizeOf(product))!.units;
    expect(units(stored)).toBe(units(before) - 1);
    expect(served).toEqual(stored);
  });

  it('starts from the new day once the day turns', async () => {
    const product = aProduct();
    const now = clock.now();
    const first = await calendarOf(product);
    clock.set(new Date(now.getTime() + 86_400_000));
    try {
      const next = await calendarOf(product);
      expect(next.from).toBe(addDays(first.from, 1));
    } finally {
      clock.set(now);
    }
    expect((await calendarOf(product)).from).toBe(first.from);
  });

  it('sends each encoding of the kept answer, and a new answer once the calendar changes', async () => {
    const product = aProduct();
    const url = `/api/product/${product._id}/availability`;
    const asSent = async () => {
      const [br, gzip, plain] = await Promise.all(
        ['br', 'gzip', 'identity'].map((encoding) =>
          t.app.inject({ url, headers: { 'accept-encoding': encoding } }),
        ),
      );
      expect(br!.headers['content-encoding']).toBe('br');
      expect(gzip!.headers['content-encoding']).toBe('gzip');
      expect(plain!.headers['content-encoding']).toBeUndefined();
      for (const res of [br!, gzip!, plain!]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers.etag).toBeUndefined();
      }
      const bodies = [
        brotliDecompressSync(br!.rawPayload).toString(),
        gunzipSync(gzip!.rawPayload).toString(),
        plain!.body,
      ];
      expect(new Set(bodies).size).toBe(1);
      return availabilityResponseSchema.parse(JSON.parse(bodies[0]!));
    };
    const before = await asSent();
    expect(await asSent()).toEqual(before);
    const today = todayInIndia(clock.now());
    await reserveUnits(t, owner.id, {
      productId: product._id,
      size: sizeOf(product),
      from: addDays(today, 20),
      until: addDays(today, 24),
    });
    const { stored } = await servedSettles(product);
    const { success, ...after } = await asSent();
    expect(success).toBe(true);
    expect(after).toEqual(stored);
    expect(unavailable(after, product)).not.toEqual(unavailable(before, product));
  });
});
