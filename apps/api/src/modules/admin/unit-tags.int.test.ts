import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULFILMENT_MESSAGES,
  newTagsResponseSchema,
  tagsPrintedResponseSchema,
  unitsResponseSchema,
  type AdminProductBody,
} from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * Printed tags for every new piece (issue [N] §5): pieces whose tags were never printed are
 * listed across the catalogue until a packer marks them printed; all or nothing, and marking
 * again changes nothing. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let admin: Shopper;
let staff: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, jobs: false, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  admin = await newShopper(t, 'tags-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'tags-packer@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

/** A new product with 1 piece in S and 2 in M, made in the console; its pieces' codes. */
async function newProduct(): Promise<string[]> {
  n += 1;
  const body: AdminProductBody = {
    productId: `PHN-TAG-${String(n).padStart(4, '0')}`,
    name: `Saffron Silk Kurta ${n}`,
    description: 'Raw silk with a mirror-work yoke.',
    condition: 'Like new, dry-cleaned',
    mrp: 6000,
    twoDayRentalPrice: 600,
    fourDayRentalPrice: 780,
    sevenDayRentalPrice: 1020,
    fourteenDayRentalPrice: 1500,
    bestseller: false,
    isAvailable: true,
    sizes: [
      { size: 'S', available: true, units: 1 },
      { size: 'M', available: true, units: 2 },
    ],
    filters: [
      { type: 'category', value: 'Men' },
      { type: 'subCategory', value: 'Kurta Set' },
    ],
    images: [],
  };
  const made = await admin.call('POST', '/api/admin/products', body);
  expect(made.statusCode, made.body).toBe(200);
  const units = unitsResponseSchema.parse(
    (await admin.call('GET', `/api/admin/units?productId=${body.productId}`)).json(),
  ).units;
  expect(units.every((unit) => unit.tagPrintedAt === null)).toBe(true);
  return units.map((unit) => unit.code);
}

const newTags = async (who: Shopper) =>
  newTagsResponseSchema.parse((await who.call('GET', '/api/admin/units/new-tags')).json());

describe('tags for every new piece', () => {
  it('lists new pieces until marked printed, once, by staff as by admins', async () => {
    const first = await newProduct();
    const second = await newProduct();
    const listed = await newTags(staff);
    expect(listed.units.map((unit) => unit.code)).toEqual(expect.arrayContaining(first));
    expect(listed.total).toBe(listed.units.length);
    expect(listed.units.find((unit) => unit.code === first[0])).toEqual({
      code: first[0],
      size: 'M',
      productId: 'PHN-TAG-0001',
      name: 'Saffron Silk Kurta 1',
    });

    const marked = await staff.call('POST', '/api/admin/units/tags-printed', {
      codes: first.map((code) => code.toLowerCase()),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(tagsPrintedResponseSchema.parse(marked.json())).toEqual({
      success: true,
      message: FULFILMENT_MESSAGES.tagsMarked(3),
      marked: 3,
    });
    const after = await newTags(admin);
    expect(after.units.map((unit) => unit.code).sort()).toEqual([...second].sort());
    expect(after.total).toBe(listed.total - 3);

    // Again: nothing changes, and it says so; the time first marked stays.
    const units = unitsResponseSchema.parse(
      (await admin.call('GET', '/api/admin/units?productId=PHN-TAG-0001')).json(),
    ).units;
    const again = await admin.call('POST', '/api/admin/units/tags-printed', { codes: first });
    expect(again.json()).toEqual({
      success: true,
      message: FULFILMENT_MESSAGES.tagsAlreadyMarked,
      marked: 0,
    });
    const unchanged = unitsResponseSchema.parse(
      (await admin.call('GET', '/api/admin/units?productId=PHN-TAG-0001')).json(),
    ).units;
    expect(unchanged.map((unit) => unit.tagPrintedAt)).toEqual(units.map((u) => u.tagPrintedAt));
    expect(unchanged.every((unit) => unit.tagPrintedAt !== null)).toBe(true);
  });

  it('a code no piece has marks nothing; a bad body is a clear 400', async () => {
    const codes = await newProduct();
    const before = await newTags(admin);
    const res = await admin.call('POST', '/api/admin/units/tags-printed', {
      codes: [codes[0], 'PHN-NOPE-0001-M-9'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: FULFILMENT_MESSAGES.unitNotFound('PHN-NOPE-0001-M-9'),
    });
    expect((await newTags(admin)).total).toBe(before.total);
    for (const payload of [{}, { codes: [] }, { codes: 'PHN' }]) {
      const bad = await admin.call('POST', '/api/admin/units/tags-printed', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toBe(FULFILMENT_MESSAGES.tagsToMark);
    }
    const tooMany = await admin.call('POST', '/api/admin/units/tags-printed', {
      codes: Array.from({ length: 501 }, (_, i) => `PHN-X-${i}`),
    });
    expect(tooMany.json().message).toBe(FULFILMENT_MESSAGES.tagsToMark);
  });

  it('a retired piece needs no tag', async () => {
    const codes = await newProduct();
    const retired = await admin.call('POST', `/api/admin/units/${codes[2]}/state`, {
      state: 'retired',
      note: 'Torn beyond repair',
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect((await newTags(admin)).units.map((unit) => unit.code)).not.toContain(codes[2]);
  });
});
