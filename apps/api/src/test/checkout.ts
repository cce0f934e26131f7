// Test fixtures for checkout: an address, checkout items from products, paying an order in the
// sandbox gateway the way its checkout script does (POST /api/payments/sandbox/pay), and the
// browser's return from paying (POST /api/booking/verify, POST /api/order/verifyStripe).
import {
  clientConfigResponseSchema,
  createBookingResponseSchema,
  sandboxPayResponseSchema,
  type CreateBookingResponse,
  type Product,
  type SandboxPayResponse,
} from '@pehnava/shared';
import type { TestApp } from './app.js';
import { inDays, sizeOf, type Shopper } from './shopping.js';

export const ADDRESS = {
  name: 'Tara Iyer',
  phone: '9820012345',
  street: '12 Carter Road, Bandra West',
  landmark: 'Near the promenade',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
} as const;

/** A checkout item for a product: its first offered size, 2 days from `startDate`. */
export const itemFor = (p: Product, overrides: Record<string, unknown> = {}) => ({
  productId: p._id,
  size: sizeOf(p),
  duration: 2,
  quantity: 1,
  startDate: inDays(20),
  ...overrides,
});

/** POST /api/booking/create; throws unless it succeeded. */
export async function checkout(
  s: Shopper,
  items: object[],
  extra: Record<string, unknown> = {},
): Promise<CreateBookingResponse> {
  const res = await s.call('POST', '/api/booking/create', {
    cartItems: items,
    address: ADDRESS,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return createBookingResponseSchema.parse(res.json());
}

/** The sandbox's public key, as GET /api/config gives it to the browser. */
export async function sandboxKey(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/config' });
  return clientConfigResponseSchema.parse(res.json()).payments.keyId;
}

/** Pay a sandbox order as the checkout's modal does (UPI success@razorpay unless told otherwise). */
export async function payOrder(
  t: TestApp,
  orderId: string,
  body: Record<string, unknown> = {},
): Promise<SandboxPayResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    payload: {
      key: await sandboxKey(t),
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      ...body,
    },
  });
  if (res.statusCode !== 200) throw new Error(`pay: ${res.statusCode} ${res.body}`);
  return sandboxPayResponseSchema.parse(res.json());
}

/** Pay and return the three ids the checkout hands its handler. */
export async function paidIds(t: TestApp, orderId: string) {
  const paid = await payOrder(t, orderId);
  if (paid.status !== 'captured') throw new Error('payment was not captured');
  const { status: _status, ...ids } = paid;
  return ids;
}

/** The three ids a modal checkout hands its handler (the body of POST /api/booking/verify). */
export type PaidIds = Awaited<ReturnType<typeof paidIds>>;

/**
 * POST /api/booking/verify as the modal checkout's handler sends it: the ids, with the booking's id
 * unless left out (the booking is then found by its order id).
 */
export const verifyPayment = (s: Shopper, ids: object, bookingId?: string) =>
  s.call('POST', '/api/booking/verify', bookingId ? { ...ids, bookingId } : ids);

/**
 * POST /api/order/verifyStripe as the web app's /verify sends it: the token in a header named
 * `token` (or as a bearer token), or no token at all for a visitor.
 */
export const verifyStripe = (
  t: TestApp,
  s: Shopper | undefined,
  body: object,
  how: 'token' | 'bearer' = 'token',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/verifyStripe',
    headers: s
      ? how === 'token'
        ? { token: s.token }
        : { authorization: `Bearer ${s.token}` }
      : {},
    payload: body,
  });
