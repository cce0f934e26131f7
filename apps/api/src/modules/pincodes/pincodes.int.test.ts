import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PINCODE_MESSAGES,
  addDays,
  pincodeResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { bookings } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, itemFor } from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';

/*
 * The pincode directory (issue [O] §3; DECISIONS.md 'Delivery promise'): India Post's pincodes
 * with their city, district and state, whether the shop serves them and how long a parcel takes
 * from the warehouse (400001, Mumbai); checkout refuses a pincode India Post does not know, or one
 * the shop does not serve, and changes nothing. On PGlite and on PostgreSQL.
 */
const clock = createManualClock(new Date('2026-12-01T04:30:00Z'));
let t: TestApp;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { NOT_SERVED_PINCODES: '744, 682028', AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
});

const lookup = (pincode: string) => t.app.inject({ method: 'GET', url: `/api/pincode/${pincode}` });
const today = () => todayInIndia(clock.now());

describe('GET /api/pincode/{pincode}', () => {
  it.each([
    ['400050', 'Mumbai', 'Maharashtra', 1],
    ['110001', 'Delhi', 'Delhi', 2],
    ['122001', 'Gurgaon', 'Haryana', 2],
    ['560001', 'Bengaluru', 'Karnataka', 2],
    ['500001', 'Hyderabad', 'Telangana', 2],
    ['411001', 'Pune', 'Maharashtra', 2],
    ['302001', 'Jaipur', 'Rajasthan', 3],
    ['781001', 'Kamrup', 'Assam', 5],
    ['194101', 'Leh', 'Ladakh', 5],
  ] as const)('%s is in %s, %s: %i days from the warehouse', async (pincode, city, state, days) => {
    const res = await lookup(pincode);
    expect(res.statusCode, res.body).toBe(200);
    expect(pincodeResponseSchema.parse(res.json())).toEqual({
      success: true,
      pincode,
      city,
      district: city,
      state,
      served: true,
      transitDays: days,
      earliestStartDate: addDays(today(), days),
    });
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('says where the shop does not deliver, by pincode or prefix', async () => {
    for (const pincode of ['744101', '682028']) {
      const res = pincodeResponseSchema.parse((await lookup(pincode)).json());
      expect(res.served, pincode).toBe(false);
    }
    expect(pincodeResponseSchema.parse((await lookup('682001')).json()).served).toBe(true);
  });

  it('a pincode India Post does not know is a 404; one not of 6 digits a 400', async () => {
    for (const pincode of ['999999', '100000']) {
      const res = await lookup(pincode);
      expect(res.statusCode, pincode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: PINCODE_MESSAGES.notFound(pincode) });
    }
    for (const pincode of ['40005', '4000500', 'abcdef', '012345']) {
      const res = await lookup(pincode);
      expect(res.statusCode, pincode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: PINCODE_MESSAGES.invalid });
    }
  });
});

describe('checkout to a pincode', () => {
  it('refuses one India Post does not know, or one not served, and holds nothing', async () => {
    const s = await newShopper(t, 'pincode-shopper@pehnava.test');
    const item = itemFor(products[0]!, { startDate: addDays(today(), 10) });
    for (const [pincode, message] of [
      ['999999', PINCODE_MESSAGES.notFound('999999')],
      ['744101', PINCODE_MESSAGES.notServed('744101')],
    ] as const) {
      const res = await s.call('POST', '/api/booking/create', {
        cartItems: [item],
        address: { ...ADDRESS, pincode },
      });
      expect(res.statusCode, pincode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await t.database.db.select().from(bookings).where(eq(bookings.userId, s.id))).toEqual(
      [],
    );

    // The same checkout to a pincode served goes through.
    const ok = await s.call('POST', '/api/booking/create', {
      cartItems: [item],
      address: ADDRESS,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
