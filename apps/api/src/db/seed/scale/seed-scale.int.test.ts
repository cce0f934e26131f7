import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_SUBSCRIPTION,
  categoryForMrp,
  couponDiscount,
  orderTotals,
  paiseToRupees,
  priceCart,
  productListResponseSchema,
  rupeesToPaise,
  todayInIndia,
  type Product,
  type RentalDuration,
} from '@pehnava/shared';
import { createManualClock } from '../../../lib/clock.js';
import { toCouponTerms } from '../../../modules/coupons/coupons.service.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../../test/database.js';
import { ScaleRefusal, seedScale, type ScaleOptions } from './seed-scale.js';

/** The clock the generator runs at: 12:00 in India. */
const NOW = new Date('2026-11-20T06:30:00Z');
const TODAY = todayInIndia(NOW);
const OPTIONS: ScaleOptions = {
  products: 200,
  bookings: 1000,
  seed: 11,
  replace: false,
  password: 'scale-test-password',
};

describe('npm run seed:scale', () => {
  it('refuses the embedded database and numbers that are not numbers', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-scale-'));
    try {
      const script = fileURLToPath(new URL('../../../cli/seed-scale.ts', import.meta.url));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        });
      const embedded = run('--products', '10', '--bookings', '10');
      expect(embedded.status).toBe(2);
      expect(embedded.stderr).toContain('set DATABASE_URL to a PostgreSQL server');
      const words = run('--products', 'ten');
      expect(words.status).toBe(2);
      expect(words.stderr).toContain(
        "--products must be a whole number from 0 to 10,000,000, not 'ten'",
      );
      expect(words.stderr).toContain('Usage: npm run seed:scale');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(usingPostgres())('refuses PGlite before touching anything', async () => {
    const t = await createTestApp({ jobs: false });
    try {
      await expect(
        seedScale(t.services, new pg.Client(), OPTIONS, () => undefined),
      ).rejects.toThrow(ScaleRefusal);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(usingPostgres())('seed:scale on PostgreSQL (200 products, 1,000 bookings)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let client: pg.Client;
  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows;
  const one = async (text: string, values: unknown[] = []) =>
    Number((await sql<{ n: string }>(text, values))[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ database, clock: createManualClock(NOW), jobs: false });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await seedScale(t.services, client, OPTIONS, () => undefined);
  }, 240_000);

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  it('writes the standard seed, the products, the shoppers and the bookings asked for', async () => {
    expect(await one('select count(*) as n from products')).toBe(320);
    expect(await one('select count(*) as n from bookings')).toBe(1000);
    // 200 shoppers (one for five bookings) and the operator who moved the bookings along.
    expect(await one(`select count(*) as n from users where role = 'user'`)).toBe(200);
    expect(await one(`select count(*) as n from users where role = 'admin'`)).toBe(1);
    expect(await one('select count(*) as n from product_units')).toBeGreaterThan(320 * 2);
    expect(await one('select count(*) as n from booking_items')).toBeGreaterThan(1000);
    // The trigger of migration 0008 wrote every unit's tag code.
    expect(
      await one(
        `select count(*) as n from product_units u join products p on p.id = u.product_id
         where u.code <> upper(p.product_id) || '-' || upper(regexp_replace(u.size, '[^A-Za-z0-9]+', '', 'g')) || '-' || u.unit_number`,
      ),
    ).toBe(0);
  });

  it('gives the app a catalogue every product of which is valid, in the seed style', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(response.statusCode).toBe(200);
    const { products } = productListResponseSchema.parse(response.json());
    expect(products).toHaveLength(320);
    const generated = products.filter((p) => Number(p.productId.slice(-4)) > 120);
    expect(generated).toHaveLength(200);
    for (const product of generated) {
      expect(product.productId).toMatch(/^PHN-[A-Z]{3}-\d{4}$/);
      expect(product.category).toBe(categoryForMrp(rupeesToPaise(product.mrp)));
      expect(product.twoDayRentalPrice).toBeLessThan(product.fourDayRentalPrice);
      expect(product.sevenDayRentalPrice).toBeLessThan(product.fourteenDayRentalPrice);
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.sizes.length).toBeGreaterThan(0);
      expect(new Set(product.filters.map((f) => f.type))).toEqual(
        new Set(['category', 'subCategory', 'occasion', 'colour']),
      );
      expect(product.description.length).toBeGreaterThan(100);
    }
    expect(new Set(generated.map((p) => p.category))).toEqual(
      new Set(['premium', 'royal', 'luxury']),
    );
    // Drawings are shared by kind, colour and accent, and served.
    const image = new URL(generated[0]!.images[0]!).pathname;
    expect(image).toMatch(/^\/images\/products\/scale\//);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it('never holds one unit twice for overlapping days, and the calendars answer', async () => {
    expect(
      await one(
        `select count(*) as n from unit_reservations a join unit_reservations b
           on a.unit_id = b.unit_id and a.id < b.id and a.active and b.active
          and daterange(a.blocked_from, a.blocked_until, '[]') && daterange(b.blocked_from, b.blocked_until, '[]')`,
      ),
    ).toBe(0);
    const [busiest] = await sql<{ id: string }>(
      `select u.product_id as id from unit_reservations r join product_units u on u.id = r.unit_id
       where r.active group by u.product_id order by count(*) desc limit 1`,
    );
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/product/${busiest!.id}/availability`,
    });
    expect(calendar.statusCode).toBe(200);
  });

  it('prices every booking as the shared pricing does, and its money adds up', async () => {
    const { products } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const byId = new Map<string, Product>(products.map((p) => [p._id, p]));
    const coupons = new Map(
      (
        await Promise.all(
          ['WELCOME50', 'FESTIVE20', 'FLAT300'].map((code) =>
            t.services.repos.coupons.findByCode(code),
          ),
        )
      ).map((row) => [row!.code, toCouponTerms(row!)]),
    );
    const bookings = await sql<{
      id: string;
      subtotal_paise: number;
      discount_paise: number;
      delivery_fee_paise: number;
      insurance_selected: boolean;
      insurance_paise: number;
      total_paise: number;
      coupon_code: string | null;
    }>('select * from bookings');
    const items = await sql<{
      booking_id: string;
      product_id: string;
      duration_days: number;
      quantity: number;
      original_price_paise: number;
      total_paise: number;
    }>('select * from booking_items order by booking_id, position');
    const linesOf = new Map<string, typeof items>();
    for (const item of items)
      linesOf.set(item.booking_id, [...(linesOf.get(item.booking_id) ?? []), item]);

    for (const booking of bookings) {
      const lines = linesOf.get(booking.id)!;
      const pricing = priceCart(
        lines.map((line) => ({
          product: byId.get(line.product_id)!,
          duration: line.duration_days as RentalDuration,
          quantity: line.quantity,
        })),
        FREE_SUBSCRIPTION,
      );
      lines.forEach((line, i) => {
        expect(line.total_paise).toBe(rupeesToPaise(pricing.lines[i]!.lineTotal));
        expect(line.original_price_paise).toBe(line.total_paise);
      });
      const terms = booking.coupon_code ? coupons.get(booking.coupon_code) : undefined;
      const discount = terms ? couponDiscount(terms, pricing.subtotal) : 0;
      const totals = orderTotals({
        plan: 'free',
        subtotal: pricing.subtotal,
        discount,
        insurance: booking.insurance_selected,
      });
      expect([
        booking.subtotal_paise,
        booking.discount_paise,
        booking.delivery_fee_paise,
        booking.insurance_paise,
        booking.total_paise,
      ]).toEqual(
        [totals.subtotal, totals.discount, totals.deliveryFee, totals.insurance, totals.total].map(
          rupeesToPaise,
        ),
      );
      expect(paiseToRupees(booking.total_paise)).toBeGreaterThan(0);
    }

    // Paid: one payment captured and applied, for the total, its order completed.
    expect(
      await one(
        `select count(*) as n from bookings b where b.payment_status = 'completed' and not exists (
           select 1 from captures c join payments p on p.id = c.order_id
           where c.booking_id = b.id and c.outcome = 'applied' and c.amount_paise = b.total_paise
             and p.status = 'completed' and p.provider_payment_id = b.provider_payment_id)`,
      ),
    ).toBe(0);
    // Cancelled after paying: refunded in full, once, against that capture.
    expect(
      await one(
        `select count(*) as n from bookings b where b.status = 'cancelled' and b.payment_status = 'completed'
           and (select coalesce(sum(r.amount_paise), 0) from refunds r where r.booking_id = b.id) <> b.total_paise`,
      ),
    ).toBe(0);
    expect(
      await one('select count(*) as n from captures where refunded_paise not in (0, amount_paise)'),
    ).toBe(0);
    // Expired unpaid: its order failed, nothing captured, its pieces and coupon let go.
    expect(
      await one(
        `select count(*) as n from bookings b where b.payment_status = 'failed' and (
           b.status <> 'cancelled'
           or exists (select 1 from captures c where c.booking_id = b.id)
           or exists (select 1 from payments p where p.booking_id = b.id and p.status <> 'failed')
           or exists (select 1 from booking_items i join unit_reservations r on r.booking_item_id = i.id
                      where i.booking_id = b.id and r.active)
           or exists (select 1 from coupon_uses u where u.booking_id = b.id and u.status <> 'released'))`,
      ),
    ).toBe(0);
    // WELCOME50 at most once per shopper (never two uses held or counted).
    expect(
      await one(
        `select count(*) as n from (
           select u.user_id from coupon_uses u join coupons c on c.id = u.coupon_id
           where c.code = 'WELCOME50' and u.status <> 'released'
           group by u.user_id having count(*) > 1) twice`,
      ),
    ).toBe(0);
  });

  it('gives each booking the status its dates call for', async () => {
    const statuses = await sql<{ status: string; n: string }>(
      'select status, count(*) as n from bookings group by status',
    );
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['confirmed', 'shipped', 'delivered', 'cancelled']),
    );
    const wrong = await sql<{ id: string; status: string }>(
      `select b.id, b.status from bookings b join booking_items i on i.booking_id = b.id
       join unit_reservations r on r.booking_item_id = i.id
       where (b.status = 'delivered' and (i.start_date > $1::date or r.dispatched_at is null))
          or (b.status = 'shipped' and (r.dispatched_at is null or r.returned_at is not null))
          or (b.status in ('confirmed', 'processing') and (r.dispatched_at is not null or i.start_date <= $1::date))
          or (r.returned_on > $1::date)
          or (r.dispatched_at > $2 or r.returned_at > $2 or b.created_at > $2 or b.updated_at > $2)`,
      [TODAY, NOW],
    );
    expect(wrong).toEqual([]);
    // A unit is out exactly while a hold of it is dispatched and not back.
    expect(
      await one(
        `select count(*) as n from product_units u where (u.state = 'out') <> exists (
           select 1 from unit_reservations r where r.unit_id = u.id and r.dispatched_at is not null and r.returned_at is null)`,
      ),
    ).toBe(0);
    expect(
      await one(`select count(*) as n from product_units where state = 'out'`),
    ).toBeGreaterThan(0);
  });

  it('writes reviews of about a third of the clothes back, after each came back, into the cards', async () => {
    const reviews = await one('select count(*) as n from reviews');
    expect(reviews).toBeGreaterThan(50);
    // Only of lines back with us, by the booking's shopper, after the return and before now.
    expect(
      await one(
        `select count(*) as n from reviews v
         join booking_items i on i.id = v.booking_item_id
         join bookings b on b.id = i.booking_id
         join unit_reservations r on r.booking_item_id = i.id
         where b.user_id <> v.user_id or v.booking_id <> b.id or i.product_id <> v.product_id
            or r.returned_at is null or r.returned_at >= v.created_at or v.created_at > $1`,
        [NOW],
      ),
    ).toBe(0);
    const back = await one(
      `select count(distinct i.id) as n from booking_items i
       join unit_reservations r on r.booking_item_id = i.id
       join product_filters f on f.product_id = i.product_id and f.type = 'category'
       where r.returned_at is not null and f.value in ('Women', 'Men')`,
    );
    expect(reviews / back).toBeGreaterThan(0.08);
    expect(reviews / back).toBeLessThan(0.3);
    expect(await one(`select count(*) as n from reviews where rating >= 4`)).toBeGreaterThan(
      reviews * 0.75,
    );
    // Counted into product_ratings as they were written (migration 0022's trigger).
    expect(
      (
        await sql(`select product_id, review_count, rating_sum from product_ratings
          where review_count > 0 order by product_id`)
      ).map((r) => JSON.stringify(r)),
    ).toEqual(
      (
        await sql(`select product_id, count(*)::int as review_count, sum(rating)::int as rating_sum
          from reviews where hidden_at is null group by product_id order by product_id`)
      ).map((r) => JSON.stringify(r)),
    );
    t.services.catalogue.invalidate();
    const { products } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    expect(products.filter((p) => p.rating).length).toBe(
      await one('select count(*) as n from product_ratings where review_count >= 3'),
    );
  });

  it('refuses a database that already holds shop data, changing nothing', async () => {
    const before = await one('select count(*) as n from bookings');
    await expect(seedScale(t.services, client, OPTIONS, () => undefined)).rejects.toThrow(
      /already holds shop data: 201 accounts, 1,000 bookings, 1,000 payment orders, 200 products other than the standard seed\. .*--replace/,
    );
    expect(await one('select count(*) as n from bookings')).toBe(before);
  });

  it('makes the same data again from the same seed (with --replace)', async () => {
    const before = await fingerprint();
    const lines: string[] = [];
    await seedScale(t.services, client, { ...OPTIONS, replace: true }, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^--replace: deleting 201 accounts, 1,000 bookings/);
    expect(await fingerprint()).toEqual(before);
  }, 240_000);

  /** A digest of what was generated, by codes and generated ids (the seed's own ids are random). */
  async function fingerprint(): Promise<Record<string, string>> {
    const digest = async (text: string) =>
      (
        await sql<{ d: string }>(
          `select md5(string_agg(x, '|' order by x)) as d from (${text}) q(x)`,
        )
      )[0]!.d;
    return {
      products: await digest(
        `select concat_ws(',', product_id, name, description, mrp_paise, two_day_price_paise, category, condition,
           bestseller, is_available, position, listed_at, images::text) from products`,
      ),
      units: await digest(`select concat_ws(',', code, state, ready_on) from product_units`),
      users: await digest(
        `select concat_ws(',', id, email, name, phone, address, created_at) from users`,
      ),
      bookings: await digest(
        `select concat_ws(',', b.id, b.user_id, b.status, b.payment_status, b.total_paise, b.coupon_code,
           b.created_at, b.updated_at, b.delivery_tracking::text, b.provider_payment_id) from bookings b`,
      ),
      items: await digest(
        `select concat_ws(',', i.id, p.product_id, i.size, i.start_date, i.end_date, i.total_paise, u.code,
           r.active, r.dispatched_at, r.returned_at)
         from booking_items i join products p on p.id = i.product_id
         join unit_reservations r on r.booking_item_id = i.id join product_units u on u.id = r.unit_id`,
      ),
      money: await digest(
        `select concat_ws(',', p.id, p.provider_order_id, p.status, p.amount_paise, c.id, c.refunded_paise)
         from payments p left join captures c on c.order_id = p.id`,
      ),
      reviews: await digest(
        `select concat_ws(',', id, booking_item_id, user_id, rating, fit, size_worn, usual_size,
           height_cm, occasion, body, first_name, city, created_at) from reviews`,
      ),
      ratings: await digest(
        `select concat_ws(',', p.product_id, r.review_count, r.rating_sum)
         from product_ratings r join products p on p.id = r.product_id`,
      ),
      events: await digest(
        `select concat_ws(',', booking_id, action, created_at, after::text) from booking_events
         union all select concat_ws(',', u.code, e.from_state, e.to_state, e.created_at)
         from unit_events e join product_units u on u.id = e.unit_id`,
      ),
    };
  }
});

describe.runIf(usingPostgres())('seed:scale on a database the app has started once', () => {
  it("keeps the standard seed's past rentals, counts them as the standard seed, and books around them", async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database, clock: createManualClock(NOW), jobs: false });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // As the app's first start seeds it: the catalogue and the past rentals with their reviews.
      expect((await t.seed(NOW)).reviewsInserted).toBeGreaterThan(0);
      const count = async (text: string) =>
        Number((await client.query<{ n: string }>(text)).rows[0]!.n);
      const sampleReviews = await count('select count(*) as n from reviews');
      expect(sampleReviews).toBeGreaterThan(0);
      await seedScale(
        t.services,
        client,
        { ...OPTIONS, products: 20, bookings: 400 },
        () => undefined,
      );
      expect(await count('select count(*) as n from reviews')).toBeGreaterThan(sampleReviews);
      expect(
        await count(`select count(*) as n from unit_reservations a join unit_reservations b
          on a.unit_id = b.unit_id and a.id < b.id and a.active and b.active
          and daterange(a.blocked_from, a.blocked_until, '[]') && daterange(b.blocked_from, b.blocked_until, '[]')`),
      ).toBe(0);
    } finally {
      await client.end();
      await t.close();
    }
  }, 240_000);
});
