import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ART_VERSION, HERO_COUNT, categoryForMrp, heroImageKey } from '@pehnava/shared';
import { imagesDirFor } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  coupons,
  plans,
  productFilters,
  productSizes,
  productUnits,
  products,
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
    });
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
