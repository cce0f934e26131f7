// Test fixtures for the shopping API tests (cart, wishlist, coupons, subscriptions): shoppers, plans, bookings and unit
// reservations written straight to the database, and products picked from the seeded catalogue.
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  productListResponseSchema,
  todayInIndia,
  tokenResponseSchema,
  type PlanId,
  type Product,
  type ProductCategory,
} from '@pehnava/shared';
import {
  bookingItems,
  bookings,
  productUnits,
  subscriptions,
  unitReservations,
  users,
} from '../db/schema/index.js';
import { TEST_PASSWORD, callAs, signUp } from './accounts.js';
import type { TestApp } from './app.js';

const DAY_MS = 86_400_000;

/** A start date `days` after today in India. */
export const inDays = (days: number) => addDays(todayInIndia(new Date()), days);

export interface Shopper {
  id: string;
  token: string;
  call: (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ReturnType<typeof callAs>;
}

/** A new shopper signed up through the API, with their id and a caller bound to their token. */
export async function newShopper(t: TestApp, email: string): Promise<Shopper> {
  const token = await signUp(t, email);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return {
    id: row!.id,
    token,
    call: (method, url, payload) => callAs(t, token, method, url, payload),
  };
}

/**
 * A new session for an existing account, through POST /api/user/login (a test that moves the
 * clock past a session's life signs in again).
 */
export async function signIn(t: TestApp, email: string): Promise<Shopper> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  const { token } = tokenResponseSchema.parse(res.json());
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return {
    id: row!.id,
    token,
    call: (method, url, payload) => callAs(t, token, method, url, payload),
  };
}

/** A running paid plan (started yesterday, 14 days long), as the payment flow would write it. */
export async function subscribe(t: TestApp, userId: string, plan: Exclude<PlanId, 'free'>) {
  const startDate = new Date(Date.now() - DAY_MS);
  await t.database.db.insert(subscriptions).values({
    userId,
    planId: plan,
    startDate,
    endDate: new Date(startDate.getTime() + 14 * DAY_MS),
    autoRenew: false,
  });
}

/** A booking of `quantity` pieces of a product, made an hour ago unless `createdAt` says when. */
export async function book(
  t: TestApp,
  userId: string,
  {
    productId,
    size = 'M',
    quantity = 1,
    paid = true,
    startDate = inDays(30),
    createdAt = new Date(Date.now() - 3_600_000),
  }: {
    productId: string;
    size?: string;
    quantity?: number;
    paid?: boolean;
    startDate?: string;
    createdAt?: Date;
  },
): Promise<{ bookingId: string; itemId: string }> {
  const [booking] = await t.database.db
    .insert(bookings)
    .values({
      userId,
      paymentStatus: paid ? 'completed' : 'pending',
      status: paid ? 'confirmed' : 'pending',
      paymentProvider: 'sandbox',
      subtotalPaise: 0,
      totalPaise: 0,
      deliveryAddress: {
        name: 'Tara',
        phone: '9820012345',
        street: '12 Carter Road',
        landmark: '',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
      },
      expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
      createdAt,
    })
    .returning();
  const [item] = await t.database.db
    .insert(bookingItems)
    .values({
      bookingId: booking!.id,
      productId,
      size,
      durationDays: 14,
      quantity,
      startDate,
      endDate: addDays(startDate, 14),
      originalPricePaise: 0,
      totalPaise: 0,
    })
    .returning();
  return { bookingId: booking!.id, itemId: item!.id };
}

/**
 * Block the units of the product in this size over [from, until] (inclusive) for a paid booking of
 * `owner`: every unit, or all but `leaveFree` of them. Returns how many were blocked.
 */
export async function reserveUnits(
  t: TestApp,
  owner: string,
  {
    productId,
    size,
    from,
    until,
    active = true,
    leaveFree = 0,
  }: {
    productId: string;
    size: string;
    from: string;
    until: string;
    active?: boolean;
    leaveFree?: number;
  },
): Promise<number> {
  const all = await t.database.db
    .select()
    .from(productUnits)
    .where(and(eq(productUnits.productId, productId), eq(productUnits.size, size)))
    .orderBy(productUnits.unitNumber);
  const units = all.slice(0, Math.max(0, all.length - leaveFree));
  const { itemId } = await book(t, owner, { productId, size, paid: true });
  if (units.length > 0) {
    await t.database.db.insert(unitReservations).values(
      units.map((unit) => ({
        unitId: unit.id,
        bookingItemId: itemId,
        blockedFrom: from,
        blockedUntil: until,
        active,
      })),
    );
  }
  return units.length;
}

/** The seeded products as the API lists them (image URLs absolute for inject's host), in server order. */
export async function catalogueProducts(t: TestApp): Promise<Product[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
  return productListResponseSchema.parse(res.json()).products;
}

/** In stock and offered in at least one size. */
export const rentable = (p: Product) => p.isAvailable && p.sizes.some((s) => s.available);

/** The first size the product is offered in. */
export const sizeOf = (p: Product) => p.sizes.find((s) => s.available)!.size;

/** Rentable products of a tier, in server order. */
export async function productsOf(t: TestApp, category: ProductCategory): Promise<Product[]> {
  return (await catalogueProducts(t)).filter((p) => p.category === category && rentable(p));
}

/** The add-to-cart body for a product: its first offered size, starting in 10 days. */
export const addBody = (p: Product, overrides: Record<string, unknown> = {}) => ({
  productId: p._id,
  size: sizeOf(p),
  duration: 2,
  startDate: inDays(10),
  ...overrides,
});
