import type { Page, Request } from '@playwright/test';
import {
  addDays,
  todayInIndia,
  type AvailabilityResponse,
  type Booking,
  type BookingInvoicesResponse,
  type ClientConfigResponse,
  type CreateBookingResponse,
  type Product,
  type VerifyBookingResponse,
} from '@pehnava/shared';

/**
 * Stand-ins for the booking API and the payment script, for specs about the booking screens'
 * own behaviour (booking-screens.spec.ts): what the calendar greys, what checkout sends and says,
 * what My Bookings shows. Every answer has the shape of the contracts in @pehnava/shared. The
 * journey against the real API and the sandbox checkout is another spec's business.
 */

/** Same origin as the app (the page's CSP allows scripts from 'self' only); never served. */
export const STUB_SCRIPT_PATH = '/e2e-stub/checkout.js';

/**
 * A window.Razorpay with Razorpay Checkout's surface and a bare modal a test drives like a shopper:
 * 'Pay', 'Fail payment', 'Close'. The options it was opened with are kept in
 * window.__checkoutOptions; window.__checkoutDropSignature makes 'Pay' leave the signature out.
 */
const STUB_SCRIPT = `(() => {
  window.Razorpay = function (options) {
    if (!options.key || !options.order_id || !(options.amount > 0)) throw new Error('bad options');
    const failed = [];
    let root;
    this.on = (event, fn) => { if (event === 'payment.failed') failed.push(fn); };
    this.close = () => { if (root) root.remove(); root = undefined; };
    this.open = () => {
      window.__checkoutOptions = JSON.parse(JSON.stringify(options));
      root = document.createElement('div');
      root.setAttribute('role', 'dialog');
      root.setAttribute('aria-label', 'Stub payment');
      root.style.cssText = 'position:fixed;inset:0;z-index:100;display:grid;place-items:center;background:rgba(0,0,0,.4)';
      const panel = document.createElement('div');
      panel.style.cssText = 'background:#fff;padding:24px;border-radius:12px';
      for (const label of ['Pay', 'Fail payment', 'Close']) {
        const button = document.createElement('button');
        button.textContent = label;
        panel.append(button);
      }
      root.append(panel);
      document.body.append(root);
      const [pay, fail, close] = panel.querySelectorAll('button');
      pay.onclick = () => {
        this.close();
        const response = { razorpay_payment_id: 'pay_STUB0000000001', razorpay_order_id: options.order_id };
        if (!window.__checkoutDropSignature) response.razorpay_signature = 'stub-signature';
        options.handler(response);
      };
      fail.onclick = () => failed.forEach((fn) => fn({ error: {
        code: 'BAD_REQUEST_ERROR', description: 'Your bank declined this payment', source: 'bank',
        step: 'payment_authorization', reason: 'payment_failed',
        metadata: { order_id: options.order_id, payment_id: 'pay_STUB0000000002' } } }));
      close.onclick = () => { this.close(); options.modal.ondismiss(); };
    };
  };
})();`;

export function clientConfig(origin: string): ClientConfigResponse {
  return {
    success: true,
    payments: {
      provider: 'sandbox',
      flow: 'modal',
      keyId: 'rzp_test_stub',
      checkoutScriptUrl: `${origin}${STUB_SCRIPT_PATH}`,
      currency: 'INR',
    },
  };
}

/** Answer GET /api/config and serve the stub payment script. */
export async function stubPayments(page: Page, origin: string) {
  await page.route('**/api/config', (route) => route.fulfill({ json: clientConfig(origin) }));
  await page.route(`**${STUB_SCRIPT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STUB_SCRIPT }),
  );
}

/** Availability where every size of `product` is booked on `booked[duration]` start dates. */
export function availabilityOf(
  product: Product,
  booked: Partial<Record<'2' | '4' | '7' | '14', string[]>>,
): AvailabilityResponse {
  const today = todayInIndia(new Date());
  return {
    success: true,
    productId: product._id,
    from: today,
    to: addDays(today, 90),
    sizes: product.sizes.map((s) => ({
      size: s.size,
      available: s.available,
      units: s.available ? 1 : 0,
      unavailableStartDates: { '2': [], '4': [], '7': [], '14': [], ...booked },
    })),
  };
}

export const STUB_BOOKING_ID = '6f1c2a9e-4b7d-4e1a-9c3b-8d2e5fa4c7b1';

/**
 * POST /api/booking/create's answer for an order of `total` rupees: awaiting payment, or (total 0)
 * confirmed at once with no payment order.
 */
export function created(total: number): CreateBookingResponse {
  const amount = Math.round(total * 100);
  if (amount === 0) {
    return {
      success: true,
      message: 'Booking confirmed! 🎉 Nothing to pay on this one.',
      bookingId: STUB_BOOKING_ID,
      status: 'confirmed',
      order: null,
      orderId: null,
      amount: 0,
      currency: 'INR',
      subtotal: 0,
      discountAmount: 0,
      deliveryFee: 0,
      insuranceAmount: 0,
      totalPrice: 0,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    };
  }
  return {
    success: true,
    message: 'Booking created. Complete the payment to confirm it.',
    bookingId: STUB_BOOKING_ID,
    status: 'pending',
    order: { id: 'order_STUB00000001', amount, currency: 'INR', checkoutUrl: null },
    orderId: 'order_STUB00000001',
    amount,
    currency: 'INR',
    subtotal: total,
    discountAmount: 0,
    deliveryFee: 0,
    insuranceAmount: 0,
    totalPrice: total,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  };
}

export const verified: VerifyBookingResponse = {
  success: true,
  message: 'Payment verified',
  bookingId: STUB_BOOKING_ID,
  status: 'confirmed',
  paymentStatus: 'completed',
};

/** A booking of `products` (one line each) with the given state. */
export function bookingOf(id: string, products: Product[], over: Partial<Booking> = {}): Booking {
  const start = addDays(todayInIndia(new Date()), 8);
  const items = products.map((p, i) => ({
    _id: `${id.slice(0, -4)}${String(i).padStart(4, '0')}`,
    listingId: { _id: p._id, productId: p.productId, name: p.name, images: p.images },
    size: p.sizes.find((s) => s.available)?.size ?? 'M',
    rentalDuration: 4 as const,
    quantity: 1,
    startDate: start,
    endDate: addDays(start, 4),
    appliedSubscriptionPlan: 'free' as const,
    originalPrice: p.fourDayRentalPrice,
    discountAmount: 0,
    totalPrice: p.fourDayRentalPrice,
    unitCode: `${p.productId}-M-1`,
    dispatchedAt: null,
    returnedAt: null,
    condition: null,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.totalPrice, 0);
  return {
    _id: id,
    bookingNumber: id.slice(-8).toUpperCase(),
    status: 'confirmed',
    paymentStatus: 'completed',
    paymentMethod: 'upi',
    subtotal,
    deliveryFee: 0,
    insuranceSelected: false,
    insuranceAmount: 0,
    totalPrice: subtotal,
    appliedCoupon: null,
    createdAt: '2026-11-20T09:12:00.000Z',
    confirmedAt: '2026-11-20T09:14:00.000Z',
    expiresAt: '2026-11-20T09:27:00.000Z',
    razorpayPaymentId: 'pay_STUB0000000001',
    deliveryTracking: null,
    deliveryAddress: {
      name: 'Kavya Menon',
      phone: '9820012345',
      street: '14 Marine Drive',
      landmark: '',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400020',
    },
    items,
    refunds: [],
    cancellable: (over.status ?? 'confirmed') === 'confirmed',
    charges: [],
    balanceDue: 0,
    ...over,
  };
}

/**
 * Answer GET /api/booking/my with `bookings()` as they are at each call, and each of their tax
 * documents lists (GET /api/booking/{id}/invoice, asked for when the details open) with none: the
 * server would not know the stand-ins' ids.
 */
export async function stubMyBookings(page: Page, bookings: () => Booking[]) {
  await page.route('**/api/booking/my', (route) =>
    route.fulfill({ json: { success: true, bookings: bookings() } }),
  );
  const none: BookingInvoicesResponse = { success: true, invoices: [], creditNotes: [] };
  await page.route(
    (url) => /^\/api\/booking\/[^/]+\/invoice$/.test(url.pathname),
    (route) => route.fulfill({ json: none }),
  );
}

/** The JSON body a request carried. */
export const bodyOf = <T>(request: Request) => request.postDataJSON() as T;
