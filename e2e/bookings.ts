import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addDays,
  clientConfigResponseSchema,
  createBookingResponseSchema,
  todayInIndia,
  type CreateBookingResponse,
  type Product,
} from '@pehnava/shared';

/** A delivery address that passes every check of SPEC.md §5. */
export const TEST_ADDRESS = {
  name: 'Kavya Menon',
  phone: '9820012345',
  street: 'Flat 12B, 14 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400020',
} as const;

/**
 * On /place-order, type TEST_ADDRESS as a shopper would (the name comes from the profile), with a
 * landmark when one is given.
 */
export async function fillAddress(page: Page, { landmark }: { landmark?: string } = {}) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Phone').fill(TEST_ADDRESS.phone);
  await form.getByLabel('Street address').fill(TEST_ADDRESS.street);
  if (landmark) await form.getByLabel('Landmark').fill(landmark);
  await form.getByLabel('City').fill(TEST_ADDRESS.city);
  await form.getByLabel('State').selectOption(TEST_ADDRESS.state);
  await form.getByLabel('PIN code').fill(TEST_ADDRESS.pincode);
}

/** What a booking made through the API is for: when it starts, a coupon, which sizes. */
export interface BookingOptions {
  startInDays?: number;
  couponCode?: string;
  /** The size rented; the product's first available size unless given. */
  size?: string;
}

/** A booking made through the API as the web app makes it (POST /api/booking/create), unpaid. */
export async function createdBooking(
  request: APIRequestContext,
  token: string,
  product: Product,
  { startInDays = 25, couponCode, size }: BookingOptions = {},
): Promise<CreateBookingResponse> {
  const rented = size ?? product.sizes.find((s) => s.available)!.size;
  const startDate = addDays(todayInIndia(new Date()), startInDays);
  const res = await request.post('/api/booking/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      cartItems: [{ productId: product._id, size: rented, duration: 2, startDate }],
      address: TEST_ADDRESS,
      ...(couponCode ? { couponCode } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return createBookingResponseSchema.parse(await res.json());
}

/**
 * Pay a booking as the checkout's sheet would (its pay call with the test UPI id), then verify.
 * The pay call sits beside the checkout script, wherever that is served from: the sandbox's
 * /api/payments/sandbox/pay, or the Razorpay stand-in's /v1/pay.
 */
export async function payBooking(
  request: APIRequestContext,
  token: string,
  created: CreateBookingResponse,
): Promise<void> {
  const { payments } = clientConfigResponseSchema.parse(
    await (await request.get('/api/config')).json(),
  );
  const paid = (await (
    await request.post(new URL('pay', payments.checkoutScriptUrl!).href, {
      data: {
        key: payments.keyId,
        order_id: created.orderId,
        method: 'upi',
        vpa: 'success@razorpay',
      },
    })
  ).json()) as Record<string, string>;
  const { status: _status, ...ids } = paid;
  const verified = await request.post('/api/booking/verify', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...ids, bookingId: created.bookingId },
  });
  expect(verified.ok()).toBe(true);
}

/**
 * A booking made and paid through the API as the web app and the checkout's sheet would make it
 * (create, the sheet's pay call with the test UPI id, verify): for specs about what comes after.
 */
export async function paidBooking(
  request: APIRequestContext,
  token: string,
  product: Product,
  options: BookingOptions = {},
): Promise<CreateBookingResponse> {
  const created = await createdBooking(request, token, product, options);
  await payBooking(request, token, created);
  return created;
}

/** A line of a booking made through the API: a product, its size (the first offered) and count. */
export interface BookingLine {
  product: Product;
  size?: string;
  quantity?: number;
}

/** A paid booking of several lines, 2 days each from `startInDays` days on; its id. */
export async function paidBookingOfLines(
  request: APIRequestContext,
  token: string,
  lines: BookingLine[],
  startInDays: number,
): Promise<string> {
  const startDate = addDays(todayInIndia(new Date()), startInDays);
  const res = await request.post('/api/booking/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      cartItems: lines.map(({ product, size, quantity = 1 }) => ({
        productId: product._id,
        size: size ?? product.sizes.find((s) => s.available)!.size,
        quantity,
        duration: 2,
        startDate,
      })),
      address: TEST_ADDRESS,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const created = createBookingResponseSchema.parse(await res.json());
  await payBooking(request, token, created);
  return created.bookingId;
}
