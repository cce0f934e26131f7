import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ART_VERSION,
  HERO_COUNT,
  REVIEWS_FOR_CARD_RATING,
  categoryForMrp,
  heroImageKey,
  productListResponseSchema,
} from '@pehnava/shared';
import { imagesDirFor } from '../../app.js';
import { SEED_NOW, createTestApp, type TestApp } from '../../test/app.js';
import {
  coupons,
  plans,
  productFilters,
  productSizes,
  productUnits,
  products,
  reviews,
} from '../schema/index.js';
import { buildSeedCatalogue } from './catalogue/catalogue.js';

let t: TestApp;
const catalogue = buildSeedCatalogue();
const expectedImages = HERO_COUNT + catalogue.reduce((n, p) => n + p.imageCount, 0);

async function counts() {
  const count = async (
    table:
      | typeof products
      | typeof plans
      | typeof coupons
      | typeof productUnits
      | typeof productSizes
      | typeof productFilters,
  ) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    products: await count(products),
    sizes: await count(productSizes),
    units: await count(productUnits),
    filters: await count(productFilters),
    plans: await count(plans),
    coupons: await count(coupons),
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seed', () => {
  it('fills an empty database with the catalogue, plans, coupons and images', async () => {
    const report = await t.seed();
    expect(report).toEqual({
      productsInserted: catalogue.length,
      plansInserted: 3,
      couponsInserted: 3,
      imagesWritten: expectedImages,
      imagesRefreshed: 0,
      rentalsInserted: expect.any(Number),
      reviewsInserted: expect.any(Number),
    });
    // Every past rental is reviewed.
    expect(report.reviewsInserted).toBeGreaterThan(50);
    expect(report.rentalsInserted).toBe(report.reviewsInserted);
    const c = await counts();
    expect(c.products).toBeGreaterThanOrEqual(100);
    expect(c.products).toBe(catalogue.length);
    expect(c.units).toBe(
      catalogue.reduce((n, p) => n + p.sizes.reduce((m, s) => m + s.units, 0), 0),
    );
    expect(c.plans).toBe(3);
    expect(c.coupons).toBe(3);
    expect(existsSync(join(imagesDirFor(t.config), heroImageKey(0)))).toBe(true);

    const codes = (await t.database.db.select({ code: coupons.code }).from(coupons)).map(
      (r) => r.code,
    );
    expect(codes.sort()).toEqual(['FESTIVE20', 'FLAT300', 'WELCOME50']);
  });

  it('rents about 40% of the clothes in the past, each piece back, and reviews every rental', async () => {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const clothes = catalogue.filter((p) => p.category !== 'Accessories');
    const perPiece = await rows<{ code: string; category: string; n: number }>(sql`
      select p.product_id as code, count(*)::int as n from reviews r
      join products p on p.id = r.product_id group by p.product_id`);
    const kinds = new Map(catalogue.map((p) => [p.productId, p.category]));
    expect(perPiece.every((r) => kinds.get(r.code) !== 'Accessories')).toBe(true);
    expect(perPiece.length).toBeGreaterThanOrEqual(Math.round(clothes.length * 0.3));
    expect(perPiece.length).toBeLessThanOrEqual(Math.round(clothes.length * 0.4));
    expect(Math.max(...perPiece.map((r) => r.n))).toBeLessThanOrEqual(8);
    // Enough pieces reach the 3 a card's rating needs, and the list shows them.
    const rated = perPiece.filter((r) => r.n >= REVIEWS_FOR_CARD_RATING).map((r) => r.code);
    expect(rated.length).toBeGreaterThanOrEqual(10);
    const { products: listed } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    expect(
      listed
        .filter((p) => p.rating)
        .map((p) => p.productId)
        .sort(),
    ).toEqual(rated.sort());

    // Each review by the shopper whose line it is, from the booking's city, after the piece came
    // back and before the seed's instant; every booking paid, every piece back in service.
    const wrong = await rows(sql`
      select r.id from reviews r
      join bookings b on b.id = r.booking_id
      join booking_items i on i.id = r.booking_item_id and i.booking_id = b.id
      join unit_reservations u on u.booking_item_id = i.id
      where b.user_id <> r.user_id or b.delivery_address->>'city' <> r.city
         or i.product_id <> r.product_id or i.size <> r.size_worn
         or u.returned_at is null or u.returned_at >= r.created_at or r.created_at >= ${SEED_NOW}
         or b.payment_status <> 'completed' or b.status <> 'delivered'`);
    expect(wrong).toEqual([]);
    expect(
      await rows(sql`select distinct state from product_units where state <> 'in-service'`),
    ).toEqual([]);

    // Believable: mostly 4 and 5 stars, mostly true to size, names and cities of all India.
    const all = await t.database.db.select().from(reviews);
    const share = (n: number) => n / all.length;
    expect(share(all.filter((r) => r.rating >= 4).length)).toBeGreaterThan(0.75);
    expect(share(all.filter((r) => r.fit === 'true-to-size').length)).toBeGreaterThan(0.55);
    expect(all.some((r) => r.fit === 'runs-small')).toBe(true);
    expect(all.some((r) => r.fit === 'runs-large')).toBe(true);
    expect(new Set(all.map((r) => r.firstName)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((r) => r.city)).size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...all.map((r) => r.body.length))).toBeLessThanOrEqual(300);
    expect(share(all.filter((r) => r.body.length > 0).length)).toBeGreaterThan(0.7);

    // The cards' aggregate counts them all (migration 0022's trigger).
    expect(
      await rows(sql`select product_id, review_count, rating_sum from product_ratings
        where review_count > 0 order by product_id`),
    ).toEqual(
      await rows(sql`select product_id, count(*)::int as review_count, sum(rating)::int as rating_sum
        from reviews where hidden_at is null group by product_id order by product_id`),
    );
  });

  it('derives each tier from the MRP and spreads the catalogue over all three', async () => {
    const rows = await t.database.db.select().from(products);
    const perTier = { premium: 0, royal: 0, luxury: 0 };
    for (const row of rows) {
      expect(row.category).toBe(categoryForMrp(row.mrpPaise));
      perTier[row.category] += 1;
      expect(row.images.length).toBeGreaterThanOrEqual(2);
      expect(row.images.length).toBeLessThanOrEqual(4);
      for (const field of [row.name, row.description, row.condition, row.productId]) {
        expect(field.trim().length).toBeGreaterThan(0);
      }
    }
    expect(perTier.premium).toBeGreaterThanOrEqual(20);
    expect(perTier.royal).toBeGreaterThanOrEqual(20);
    expect(perTier.luxury).toBeGreaterThanOrEqual(20);
    expect(rows.filter((r) => r.bestseller).length).toBeGreaterThanOrEqual(8);
  });

  it('is idempotent: a second run adds nothing and changes nothing', async () => {
    const before = await counts();
    const snapshot = await t.database.db.select().from(products);
    const report = await t.seed(new Date('2027-03-01T00:00:00Z'));
    expect(report).toEqual({
      productsInserted: 0,
      plansInserted: 0,
      couponsInserted: 0,
      imagesWritten: 0,
      imagesRefreshed: 0,
      rentalsInserted: 0,
      reviewsInserted: 0,
    });
    expect(await counts()).toEqual(before);
    expect(await t.database.db.select().from(products)).toEqual(snapshot);
  });

  it('never overwrites or removes what an operator changed or added', async () => {
    const [first] = await t.database.db.select().from(products).limit(1);
    await t.database.db
      .update(products)
      .set({ name: 'Renamed by an operator', mrpPaise: 12_345_00, category: 'luxury' })
      .where(eq(products.id, first!.id));
    await t.database.db.update(plans).set({ pricePaise: 1_099_00 }).where(eq(plans.id, 'plus'));
    await t.database.db.delete(coupons).where(eq(coupons.code, 'FLAT300'));
    await t.database.db.insert(products).values({
      productId: 'PHN-OWN-0001',
      name: 'An operator’s own listing',
      description: 'Added after the seed.',
      images: ['/images/own.svg'],
      mrpPaise: 3_000_00,
      twoDayPricePaise: 300_00,
      fourDayPricePaise: 390_00,
      sevenDayPricePaise: 510_00,
      fourteenDayPricePaise: 750_00,
      category: 'premium',
      condition: 'Like new',
    });

    const report = await t.seed();
    expect(report.productsInserted).toBe(0);
    const [kept] = await t.database.db.select().from(products).where(eq(products.id, first!.id));
    expect(kept!.name).toBe('Renamed by an operator');
    const [plus] = await t.database.db.select().from(plans).where(eq(plans.id, 'plus'));
    expect(plus!.pricePaise).toBe(1_099_00);
    expect(
      await t.database.db.select().from(products).where(eq(products.productId, 'PHN-OWN-0001')),
    ).toHaveLength(1);
    // A deleted seed coupon comes back: the seed guarantees its coupons exist.
    expect(report.couponsInserted).toBe(1);
  });

  it('moves products still on an older art version to the current drawings, and only those', async () => {
    const rows = await t.database.db
      .select()
      .from(products)
      .where(inArray(products.productId, [catalogue[1]!.productId, catalogue[2]!.productId]));
    const [older, edited] = rows.sort((a, b) => a.productId.localeCompare(b.productId));
    const current = older!.images;
    // Version 1 and 2 named the drawings themselves; the current version names their pictures.
    const outdated = current.map((url) => url.replace(`-v${ART_VERSION}-600.webp`, '-v2.svg'));
    expect(outdated).not.toEqual(current);
    await t.database.db
      .update(products)
      .set({ images: outdated })
      .where(eq(products.id, older!.id));
    const ownImages = ['/images/photographed-by-the-shop.jpg'];
    await t.database.db
      .update(products)
      .set({ images: ownImages })
      .where(eq(products.id, edited!.id));

    const report = await t.seed();
    expect(report.imagesRefreshed).toBe(1);
    const after = await t.database.db
      .select({ id: products.id, images: products.images })
      .from(products)
      .where(inArray(products.id, [older!.id, edited!.id]));
    expect(after.find((r) => r.id === older!.id)!.images).toEqual(current);
    expect(after.find((r) => r.id === edited!.id)!.images).toEqual(ownImages);
    expect((await t.seed()).imagesRefreshed).toBe(0);
  });

  it('puts back an image file that went missing from disk', async () => {
    const file = join(imagesDirFor(t.config), heroImageKey(2));
    rmSync(file);
    const report = await t.seed();
    expect(report.imagesWritten).toBe(1);
    expect(existsSync(file)).toBe(true);
  });
});
