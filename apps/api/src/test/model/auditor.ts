// The auditor: after a sequence, rebuild what must be true from the provider's own books (the
// sandbox gateway's tables) and from the bookings, periods and refunds, and list every invariant
// that does not hold. It deliberately does not read the intake's own record of its decisions
// (`captures`): the invariants are checked from what was paid, booked and given back. It is the
// one file of the model that names tables and columns: adapt it when they change.
import { isDeepStrictEqual } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { planUnitPrice, rupeesToPaise } from '@pehnava/shared';
import { createInventory } from '../../modules/bookings/inventory.js';
import { createCartService } from '../../modules/cart/cart.service.js';
import type { Model } from './model.js';
import type { Via, World } from './world.js';

export interface Violation {
  /** The invariant's number, as the test file lists them. */
  invariant: number;
  message: string;
}

/** Statuses of a booking that is paid for and still going ahead. */
const LIVE_PAID = sql`b.payment_status = 'completed' and b.status <> 'cancelled'`;

async function rows<T>(world: World, query: SQL): Promise<T[]> {
  const result = await world.a.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * SQL that empties everything a sequence writes (bookings and their pieces, coupon uses, plans,
 * payments, refunds, webhooks, the gateway's books, mail, shoppers but the operator), in an
 * order the foreign keys allow. Catalogue, plans and coupons stay.
 */
export function resetSql(adminId: string): string {
  return [
    // Issued tax documents refuse a DELETE (decision 081's trigger); a test's reset empties them
    // whole, and their series start again.
    'truncate tax_documents, tax_document_counters',
    'delete from refunds',
    'delete from captures',
    'delete from payment_events',
    'delete from subscriptions',
    'delete from booking_extensions',
    'delete from payments',
    'delete from coupon_uses',
    'delete from bookings',
    'delete from sandbox_webhooks',
    'delete from sandbox_orders',
    'delete from outbox_mails',
    'delete from cart_items',
    'delete from wishlist_items',
    'delete from otp_codes',
    `delete from users where id <> '${adminId.replace(/[^0-9a-f-]/g, '')}'`,
    // Pieces a sequence sent out or to repair are back in service for the next (their history
    // stays).
    "update product_units set state = 'in-service', state_note = null, ready_on = null where state in ('repair', 'out', 'cleaning')",
  ].join(';\n');
}

/** The exact bodies of the payment.captured webhooks the gateway has sent or owes, oldest first. */
export async function capturedWebhookBodies(world: World): Promise<string[]> {
  const found = await rows<{ body: string }>(
    world,
    sql`select body from sandbox_webhooks where event = 'payment.captured'
        order by created_at, event_id`,
  );
  return found.map((row) => row.body);
}

/** Short names for ids in messages: the model's own handles where it has them. */
function namer(model: Model) {
  const bookings = new Map(
    model.bookings.map((b, i) => [b.bookingId, `booking b${i} of shopper s${b.shopper}`]),
  );
  const payments = new Map(
    model.captures.map((c) => [
      c.ids.razorpay_payment_id,
      `payment ${c.ids.razorpay_payment_id} (${
        c.bookingId ? (bookings.get(c.bookingId) ?? c.bookingId) : `plan order of s${c.shopper}`
      })`,
    ]),
  );
  const shoppers = new Map(model.shoppers.map((s, i) => [s.userId, `s${i}`]));
  return {
    booking: (id: string) => bookings.get(id) ?? `booking ${id}`,
    payment: (id: string) => payments.get(id) ?? `payment ${id} (a renewal charge)`,
    shopper: (id: string | null) => (id ? (shoppers.get(id) ?? id) : 'a deleted shopper'),
  };
}

interface CapturedPayment {
  paymentId: string;
  amount: number;
  providerRefunded: number;
  providerRefunds: number;
  bookingClaims: number;
  claimingBooking: string | null;
  claimingStatus: string | null;
  periodClaims: number;
  periodsGone: number;
  /** Extensions applied with it (their end dates moved). */
  extensionClaims: number;
  refundRows: number;
  refundedLive: number;
  refundedProcessed: number;
  reasons: string[];
}

/**
 * Every payment the provider captured, with what claims it on our side (a paid booking naming it,
 * a plan period whose payment row names it) and what was refunded of it, ours and the provider's.
 * A plan period is removed with its shopper's account (DECISIONS.md 'Accounts'): a completed plan
 * or renewal payment row whose shopper is gone, never refunded, stands for the period it bought.
 */
function capturedPayments(world: World) {
  return rows<CapturedPayment>(
    world,
    sql`select sp.id as "paymentId", sp.amount_paise as "amount",
          sp.amount_refunded_paise as "providerRefunded",
          (select coalesce(sum(sr.amount_paise), 0)::int from sandbox_refunds sr
            where sr.payment_id = sp.id) as "providerRefunds",
          (select count(*)::int from bookings b
            where b.provider_payment_id = sp.id and b.payment_status = 'completed') as "bookingClaims",
          (select b.id from bookings b
            where b.provider_payment_id = sp.id and b.payment_status = 'completed'
            limit 1) as "claimingBooking",
          (select b.status::text from bookings b
            where b.provider_payment_id = sp.id and b.payment_status = 'completed'
            limit 1) as "claimingStatus",
          (select count(*)::int from subscriptions s join payments p on p.id = s.payment_id
            where p.provider_payment_id = sp.id) as "periodClaims",
          (select count(*)::int from booking_extensions e join payments p on p.id = e.order_id
            where e.status = 'applied' and p.provider_payment_id = sp.id) as "extensionClaims",
          (select count(*)::int from payments p
            where p.provider_payment_id = sp.id and p.user_id is null
              and p.purpose in ('subscription', 'renewal') and p.status = 'completed'
              and not exists (select 1 from subscriptions s where s.payment_id = p.id)
              and not exists (select 1 from refunds r where r.payment_id = p.id)) as "periodsGone",
          (select coalesce(sum(r.amount_paise), 0)::int from refunds r
            where r.provider_payment_id = sp.id) as "refundRows",
          (select coalesce(sum(r.amount_paise), 0)::int from refunds r
            where r.provider_payment_id = sp.id and r.status <> 'failed') as "refundedLive",
          (select coalesce(sum(r.amount_paise), 0)::int from refunds r
            where r.provider_payment_id = sp.id and r.status = 'processed') as "refundedProcessed",
          (select coalesce(array_agg(r.reason order by r.created_at), '{}') from refunds r
            where r.provider_payment_id = sp.id) as "reasons"
        from sandbox_payments sp
        where sp.status <> 'failed'
        order by sp.created_at, sp.id`,
  );
}

/** Invariants 1 and 2: each capture applied once or refunded in full; refunds within captures. */
async function moneyOnce(world: World, model: Model, settled: boolean): Promise<Violation[]> {
  const name = namer(model);
  const found: Violation[] = [];
  const [captured, strayRefunds, cancelled] = await Promise.all([
    capturedPayments(world),
    rows<{ id: string; paymentId: string; amount: number }>(
      world,
      sql`select r.id, r.provider_payment_id as "paymentId", r.amount_paise as "amount"
          from refunds r
          where not exists (select 1 from sandbox_payments sp
            where sp.id = r.provider_payment_id and sp.status <> 'failed')`,
    ),
    rows<{ id: string; paymentId: string | null; total: number; refunded: number }>(
      world,
      sql`select b.id, b.provider_payment_id as "paymentId", b.total_paise as "total",
            (select coalesce(sum(r.amount_paise), 0)::int from refunds r
              where r.provider_payment_id = b.provider_payment_id and r.status <> 'failed'
                and r.reason = 'cancellation') as "refunded"
          from bookings b
          where b.payment_status = 'completed' and b.status = 'cancelled' and b.total_paise > 0`,
    ),
  ]);

  for (const p of captured) {
    const what = name.payment(p.paymentId);
    const claims = p.bookingClaims + p.periodClaims + p.periodsGone + p.extensionClaims;
    const claimedBy = [
      p.claimingBooking ? name.booking(p.claimingBooking) : '',
      p.periodClaims ? `${p.periodClaims} plan period(s)` : '',
      p.periodsGone ? 'a plan period of a deleted account' : '',
      p.extensionClaims ? `${p.extensionClaims} extension(s)` : '',
    ]
      .filter(Boolean)
      .join(', ');
    if (claims > 1) {
      found.push({ invariant: 1, message: `${what} is applied ${claims} times: ${claimedBy}` });
    }
    if (claims >= 1 && p.refundedLive > 0) {
      const asCancellation =
        p.bookingClaims === 1 &&
        p.periodClaims + p.periodsGone + p.extensionClaims === 0 &&
        p.claimingStatus === 'cancelled' &&
        p.reasons.every((reason) => reason === 'cancellation');
      if (!asCancellation) {
        found.push({
          invariant: 1,
          message: `${what} is applied (${claimedBy}, status ${p.claimingStatus ?? 'n/a'}) and also refunded (${p.refundedLive} paise: ${p.reasons.join(', ')})`,
        });
      }
    }
    if (claims === 0 && p.refundedLive > 0 && p.refundedLive !== p.amount) {
      found.push({
        invariant: 1,
        message: `${what} is refunded ${p.refundedLive} of ${p.amount} paise and applied to nothing`,
      });
    }
    if (settled && claims === 0 && p.refundedLive === 0) {
      found.push({
        invariant: 1,
        message: `${what} (${p.amount} paise) was captured but is neither applied nor refunded`,
      });
    }
    if (p.refundRows > p.amount) {
      found.push({
        invariant: 2,
        message: `our refunds of ${what} add up to ${p.refundRows} paise, more than the ${p.amount} captured (${p.reasons.join(', ')})`,
      });
    }
    if (p.providerRefunds > p.amount || p.providerRefunded > p.amount) {
      found.push({
        invariant: 2,
        message: `the provider refunded ${Math.max(p.providerRefunds, p.providerRefunded)} paise of ${what}, more than the ${p.amount} captured`,
      });
    }
    if (settled && p.providerRefunded !== p.refundedProcessed) {
      found.push({
        invariant: 2,
        message: `the provider refunded ${p.providerRefunded} paise of ${what}; our processed refunds say ${p.refundedProcessed}`,
      });
    }
  }
  for (const r of strayRefunds) {
    found.push({
      invariant: 2,
      message: `refund ${r.id} (${r.amount} paise) is against ${r.paymentId}, which the provider never captured`,
    });
  }
  for (const b of cancelled) {
    if (b.refunded !== b.total) {
      found.push({
        invariant: 1,
        message: `${name.booking(b.id)} was paid ${b.total} paise and cancelled, but its cancellation refunds add up to ${b.refunded}`,
      });
    }
  }
  return found;
}

/** Invariant 3: no piece promised twice; a going-ahead booking holds its pieces, a cancelled none. */
async function piecesOnce(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const { leadDays, turnaroundDays } = world.a.services.inventory.days;
  const [overlaps, holdings, short, shortOut] = await Promise.all([
    rows<{ unitId: string; first: string; second: string }>(
      world,
      sql`select r1.unit_id as "unitId", i1.booking_id as "first", i2.booking_id as "second"
          from unit_reservations r1
          join unit_reservations r2 on r2.unit_id = r1.unit_id and r2.id > r1.id
          join booking_items i1 on i1.id = r1.booking_item_id
          join booking_items i2 on i2.id = r2.booking_item_id
          where r1.active and r2.active
            and daterange(r1.blocked_from, r1.blocked_until, '[]')
              && daterange(r2.blocked_from, r2.blocked_until, '[]')`,
    ),
    rows<{ id: string; status: string; live: boolean; pieces: number; held: number }>(
      world,
      sql`select b.id, b.status::text as "status", (${LIVE_PAID}) as "live",
            (select coalesce(sum(i.quantity + (i.backup_size is not null)::int), 0)::int
              from booking_items i where i.booking_id = b.id) as "pieces",
            (select count(*)::int from unit_reservations ur
              join booking_items i on i.id = ur.booking_item_id
              where i.booking_id = b.id and ur.active) as "held"
          from bookings b
          where (${LIVE_PAID}) or b.status = 'cancelled'`,
    ),
    // A piece not yet sent is held from its start less the transit days to the booking's pincode
    // to its end plus those days and the cleaning days (DECISIONS.md 'Delivery promise').
    rows<{ id: string; transit: number; from: string; until: string }>(
      world,
      sql`select b.id, b.transit_days as "transit", ur.blocked_from::text as "from",
            ur.blocked_until::text as "until"
          from unit_reservations ur
          join booking_items i on i.id = ur.booking_item_id
          join bookings b on b.id = i.booking_id
          where ur.active and ur.dispatched_at is null
            and b.status in ('pending', 'confirmed', 'processing')
            and (ur.blocked_from > i.start_date - (${leadDays - 1} + b.transit_days)
              or ur.blocked_until < i.end_date + (${turnaroundDays - 1} + b.transit_days))`,
    ),
    // A piece out is held to its line's end, however often it was extended, plus the transit
    // and cleaning days (the unit is not free before it can be back and ready).
    rows<{ id: string; end: string; until: string }>(
      world,
      sql`select b.id, i.end_date::text as "end", ur.blocked_until::text as "until"
          from unit_reservations ur
          join booking_items i on i.id = ur.booking_item_id
          join bookings b on b.id = i.booking_id
          where ur.active and ur.dispatched_at is not null and ur.returned_at is null
            and ur.blocked_until < i.end_date + (${turnaroundDays - 1} + b.transit_days)`,
    ),
  ]);
  const found: Violation[] = overlaps.map((o) => ({
    invariant: 3,
    message: `unit ${o.unitId} is held for overlapping days by ${name.booking(o.first)} and ${name.booking(o.second)}`,
  }));
  for (const h of shortOut) {
    found.push({
      invariant: 3,
      message: `${name.booking(h.id)} has a piece out until ${h.end} held only to ${h.until}`,
    });
  }
  for (const h of short) {
    found.push({
      invariant: 3,
      message: `${name.booking(h.id)} (${h.transit} days away) holds a piece only ${h.from} to ${h.until}`,
    });
  }
  for (const b of holdings) {
    if (b.live && b.held !== b.pieces) {
      found.push({
        invariant: 3,
        message: `${name.booking(b.id)} is ${b.status} and paid but holds ${b.held} of its ${b.pieces} pieces`,
      });
    }
    if (!b.live && b.held > 0) {
      found.push({
        invariant: 3,
        message: `${name.booking(b.id)} is cancelled but still holds ${b.held} pieces`,
      });
    }
  }
  return found;
}

/** Invariant 4: coupon limits, counted from the uses and again from the bookings carrying them. */
async function couponLimits(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const liveBooking = sql`(b.status = 'pending' or (${LIVE_PAID}))`;
  const [totals, perShopper, firstOrders] = await Promise.all([
    rows<{ code: string; limit: number; uses: number; bookings: number }>(
      world,
      sql`select c.code, c.total_limit as "limit",
            (select count(*)::int from coupon_uses u
              where u.coupon_id = c.id and u.status in ('held', 'counted')) as "uses",
            (select count(*)::int from bookings b
              where upper(b.coupon_code) = upper(c.code) and ${liveBooking}) as "bookings"
          from coupons c where c.total_limit is not null`,
    ),
    rows<{ code: string; limit: number; userId: string; uses: number; bookings: number }>(
      world,
      sql`select c.code, c.per_user_limit as "limit", u.id as "userId",
            (select count(*)::int from coupon_uses cu
              where cu.coupon_id = c.id and cu.user_id = u.id
                and cu.status in ('held', 'counted')) as "uses",
            (select count(*)::int from bookings b
              where b.user_id = u.id and upper(b.coupon_code) = upper(c.code)
                and ${liveBooking}) as "bookings"
          from coupons c cross join users u where c.per_user_limit is not null`,
    ),
    rows<{ id: string; code: string; userId: string; paidBefore: number; others: number }>(
      world,
      sql`select b.id, c.code, b.user_id as "userId",
            (select count(*)::int from bookings o
              where o.user_id = b.user_id and o.payment_status = 'completed'
                and o.confirmed_at < b.confirmed_at
                -- A booking cancelled (and refunded) before this one was paid is no order.
                and (o.cancelled_at is null or o.cancelled_at > b.confirmed_at)) as "paidBefore",
            (select count(*)::int from bookings o
              where o.user_id = b.user_id and o.id <> b.id and o.payment_status = 'completed'
                and o.status <> 'cancelled'
                and upper(o.coupon_code) = upper(c.code)) as "others"
          from bookings b join coupons c on upper(c.code) = upper(b.coupon_code)
          where c.first_order_only and b.user_id is not null and ${LIVE_PAID}`,
    ),
  ]);
  const found: Violation[] = [];
  for (const c of totals) {
    const most = Math.max(c.uses, c.bookings);
    if (most > c.limit) {
      found.push({
        invariant: 4,
        message: `coupon ${c.code} (at most ${c.limit} in all) has ${c.uses} held or counted uses and is on ${c.bookings} pending or paid bookings`,
      });
    }
  }
  for (const c of perShopper) {
    const most = Math.max(c.uses, c.bookings);
    if (most > c.limit) {
      found.push({
        invariant: 4,
        message: `coupon ${c.code} (at most ${c.limit} per shopper) has ${c.uses} held or counted uses by ${name.shopper(c.userId)} and is on ${c.bookings} of their pending or paid bookings`,
      });
    }
  }
  for (const b of firstOrders) {
    if (b.paidBefore > 0 || b.others > 0) {
      found.push({
        invariant: 4,
        message: `first-order coupon ${b.code} is on ${name.booking(b.id)}, paid after ${b.paidBefore} earlier paid booking(s) of ${name.shopper(b.userId)}, beside ${b.others} other paid booking(s) with it`,
      });
    }
  }
  return found;
}

/**
 * How many units of a booking line got the plan's price. A line keeps one applied plan for all
 * its units, though the rental limit can cut a line in two (some units at the plan's price, the
 * rest at the list price), so the count is read back from the line's prices.
 */
function planPricedUnits(
  world: World,
  line: { productId: string; plan: string; quantity: number; original: number; total: number },
): number {
  const product = world.pool.find((p) => p.id === line.productId)?.product;
  if (line.plan === 'free') return 0;
  if (!product || (line.plan !== 'plus' && line.plan !== 'pro')) return line.quantity;
  const unit = planUnitPrice(product, line.plan, 14);
  const saving = rupeesToPaise(unit.listPrice) - rupeesToPaise(unit.price);
  // No saving (a tier the plan does not discount): every unit counts, as the limit counts it.
  if (saving <= 0) return line.quantity;
  return Math.round((line.original - line.total) / saving);
}

/** Invariant 5: plan-priced items per period within the plan's rental limit. */
async function planLimits(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const lines = await rows<{
    periodId: string;
    userId: string;
    planId: string;
    limit: number;
    productId: string;
    plan: string;
    quantity: number;
    original: number;
    total: number;
  }>(
    world,
    sql`select s.id as "periodId", s.user_id as "userId", s.plan_id as "planId",
          p.rental_limit as "limit", i.product_id as "productId", i.applied_plan as "plan",
          i.quantity, i.original_price_paise as "original", i.total_paise as "total"
        from subscriptions s
        join plans p on p.id = s.plan_id
        join bookings b on b.user_id = s.user_id and ${LIVE_PAID}
          and b.created_at >= s.start_date and b.created_at < s.end_date
        join booking_items i on i.booking_id = b.id and i.applied_plan <> 'free'
        where p.rental_limit is not null`,
  );
  const periods = new Map<
    string,
    { userId: string; planId: string; limit: number; used: number }
  >();
  for (const line of lines) {
    const period = periods.get(line.periodId) ?? { ...line, used: 0 };
    period.used += planPricedUnits(world, line);
    periods.set(line.periodId, period);
  }
  return [...periods.entries()]
    .filter(([, p]) => p.used > p.limit)
    .map(([id, p]) => ({
      invariant: 5,
      message: `${name.shopper(p.userId)}'s ${p.planId} period ${id} has ${p.used} plan-priced items in paid bookings; its limit is ${p.limit}`,
    }));
}

/** Invariant 6: every paid booking cost what create quoted, and its capture was for that amount. */
async function paidAsQuoted(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const bookings = await rows<{
    id: string;
    paid: boolean;
    total: number;
    paymentId: string | null;
    captured: number | null;
    capturedOrder: string | null;
    bookingOrder: string | null;
  }>(
    world,
    sql`select b.id, (b.payment_status = 'completed') as "paid", b.total_paise as "total",
          b.provider_payment_id as "paymentId", sp.amount_paise as "captured",
          sp.order_id as "capturedOrder",
          (select p.provider_order_id from payments p
            where p.booking_id = b.id and p.purpose = 'booking'
            order by p.created_at limit 1) as "bookingOrder"
        from bookings b
        left join sandbox_payments sp on sp.id = b.provider_payment_id and sp.status <> 'failed'`,
  );
  const found: Violation[] = [];
  for (const b of bookings) {
    const quote = model.quotes.get(b.id);
    const what = name.booking(b.id);
    if (!quote) {
      found.push({ invariant: 6, message: `${what} exists but no create answered it` });
      continue;
    }
    if (rupeesToPaise(quote.totalPrice) !== quote.amount) {
      found.push({
        invariant: 6,
        message: `create quoted ${what} at ₹${quote.totalPrice} but opened its order for ${quote.amount} paise`,
      });
    }
    if (!b.paid) continue;
    if (b.total !== quote.amount) {
      found.push({
        invariant: 6,
        message: `${what} is paid at ${b.total} paise; create quoted ${quote.amount}`,
      });
    }
    if (quote.amount === 0) continue;
    if (b.captured === null) {
      found.push({
        invariant: 6,
        message: `${what} is paid with ${b.paymentId ?? 'no payment'}, which the provider never captured`,
      });
    } else if (b.captured !== quote.amount || b.capturedOrder !== b.bookingOrder) {
      found.push({
        invariant: 6,
        message: `${what} is paid by a capture of ${b.captured} paise on order ${b.capturedOrder}; create quoted ${quote.amount} paise on order ${b.bookingOrder}`,
      });
    }
  }
  return found;
}

/** Invariant 7: nothing failed on the server (requests are checked as they answer). */
async function nothingFailed(world: World): Promise<Violation[]> {
  const refused = await rows<{ event: string; lastError: string }>(
    world,
    sql`select event, last_error as "lastError" from sandbox_webhooks
        where last_error ~ 'answered 5[0-9][0-9]'`,
  );
  return [
    ...refused.map((w) => ({
      invariant: 7,
      message: `the webhook ${w.event} was answered with a server error (${w.lastError})`,
    })),
    ...world.serverErrors.map((line) => ({
      invariant: 7,
      message: `the server logged an error: ${line}`,
    })),
  ];
}

/** How long another process's write may take to reach an app's kept carts (its NOTIFY). */
const NOTIFY_WITHIN_MS = 2_000;

/**
 * Each app's kept answer against one fresh read, read again until they agree or NOTIFY_WITHIN_MS
 * has passed: a violation naming both for each app whose answer still differs. The database does
 * not change while the auditor reads (every command has ended), so one fresh read, made after the
 * kept ones, is the truth for both apps.
 */
async function keptAgree<T>(
  what: string,
  kept: readonly { via: Via; read: () => Promise<T> }[],
  fresh: () => Promise<T>,
): Promise<Violation[]> {
  const started = Date.now();
  for (;;) {
    // Read from memory first: a change after it shows in the fresh read, never the reverse.
    const answers: T[] = [];
    for (const app of kept) answers.push(await app.read());
    const truth = await fresh();
    const differ = kept.flatMap((app, i) =>
      isDeepStrictEqual(answers[i], truth) ? [] : [{ via: app.via, answer: answers[i] }],
    );
    if (differ.length === 0) return [];
    if (Date.now() - started > NOTIFY_WITHIN_MS) {
      return differ.map(({ via, answer }) => ({
        invariant: 8,
        message: `app ${via}'s ${what} from memory is ${JSON.stringify(answer)}, but it is ${JSON.stringify(truth)}`,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Invariant 8: the cart views and product calendars each app answers from memory (decision 058)
 * are what the database says now, for every shopper and pool product, once the notifications of
 * the writes so far have arrived (the app that made a write forgets at once; the other hears of it
 * within NOTIFY_WITHIN_MS). A kept answer that stays different was not told of a change: the one
 * thing the cache must never miss.
 */
async function cartsAsStored(world: World, model: Model): Promise<Violation[]> {
  const { services } = world.a;
  const freshCart = createCartService({
    repository: services.repos.cart,
    catalogue: services.catalogue,
    subscriptions: services.subscriptions,
    inventory: services.inventory,
    clock: world.clock,
  });
  // The pool's calendars (GET /api/product/{id}/availability) are kept the same way.
  const freshInventory = createInventory({
    repos: services.repos,
    catalogue: services.catalogue,
    clock: world.clock,
    days: services.inventory.days,
  });
  const apps = (['a', 'b'] as const).map((via) => ({ via, ...world.app(via).services }));
  const found: Violation[] = [];
  for (const [index, shopper] of model.shoppers.entries()) {
    found.push(
      ...(await keptAgree(
        `cart of s${index}`,
        apps.map(({ via, cart }) => ({ via, read: () => cart.view(shopper.userId) })),
        () => freshCart.view(shopper.userId),
      )),
    );
  }
  for (const [index, product] of world.pool.entries()) {
    found.push(
      ...(await keptAgree(
        `calendar of p${index}`,
        apps.map(({ via, inventory }) => ({ via, read: () => inventory.availability(product.id) })),
        () => freshInventory.availability(product.id),
      )),
    );
  }
  return found;
}

/**
 * Invariant 9: a line ends its duration after its start plus the days of the extensions applied to
 * it, each applied once and paid exactly what it was opened for; an extension refused or lapsed
 * moved nothing.
 */
async function extensionsAdd(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const [lines, paid] = await Promise.all([
    rows<{ bookingId: string; itemId: string; length: number; duration: number; added: number }>(
      world,
      sql`select i.booking_id as "bookingId", i.id as "itemId",
            (i.end_date - i.start_date)::int as "length", i.duration_days as "duration",
            (select coalesce(sum(e.days), 0)::int from booking_extensions e
              where e.status = 'applied'
                and e.lines @> jsonb_build_array(jsonb_build_object('itemId', i.id::text))) as "added"
          from booking_items i`,
    ),
    rows<{ id: string; bookingId: string; amount: number; lines: number; captured: number }>(
      world,
      sql`select e.id, e.booking_id as "bookingId", e.amount_paise as "amount",
            (select coalesce(sum((l->>'amountPaise')::int), 0)::int
              from jsonb_array_elements(e.lines) l) + e.insurance_paise as "lines",
            (select coalesce(sum(sp.amount_paise), 0)::int from payments p
              join sandbox_payments sp on sp.id = p.provider_payment_id
              where p.id = e.order_id) as "captured"
          from booking_extensions e where e.status = 'applied'`,
    ),
  ]);
  const found: Violation[] = [];
  for (const line of lines) {
    if (line.length !== line.duration + line.added) {
      found.push({
        invariant: 9,
        message: `a line of ${name.booking(line.bookingId)} lasts ${line.length} days: ${line.duration} booked and ${line.added} added by extensions`,
      });
    }
  }
  for (const e of paid) {
    if (e.captured !== e.amount || e.lines !== e.amount) {
      found.push({
        invariant: 9,
        message: `an extension of ${name.booking(e.bookingId)} for ${e.amount} paise (its lines ${e.lines}) was applied with a payment of ${e.captured}`,
      });
    }
  }
  return found;
}

/**
 * Invariant 10: a booking's back-up sizes are outside its subtotal and inside its total (total =
 * subtotal − discount + delivery + protection + the lines' back-up fees), and a booking going
 * ahead holds exactly one piece of each back-up size, in that size.
 */
async function backupsApart(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const [sums, held] = await Promise.all([
    rows<{ id: string; total: number; parts: number; fees: number; lines: number }>(
      world,
      sql`select b.id, b.total_paise as "total",
            (b.subtotal_paise - b.discount_paise + b.delivery_fee_paise + b.insurance_paise
              + b.backup_fees_paise) as "parts",
            b.backup_fees_paise as "fees",
            (select coalesce(sum(i.backup_fee_paise), 0)::int from booking_items i
              where i.booking_id = b.id) as "lines"
          from bookings b`,
    ),
    rows<{ id: string; size: string; held: number; sizes: string[] }>(
      world,
      sql`select i.booking_id as "id", i.backup_size as "size",
            count(ur.id)::int as "held",
            coalesce(array_agg(pu.size) filter (where ur.id is not null), '{}') as "sizes"
          from booking_items i
          join bookings b on b.id = i.booking_id
          left join unit_reservations ur on ur.booking_item_id = i.id and ur.active and ur.backup
          left join product_units pu on pu.id = ur.unit_id
          where i.backup_size is not null and (${LIVE_PAID})
          group by i.id, i.booking_id, i.backup_size`,
    ),
  ]);
  const found: Violation[] = [];
  for (const b of sums) {
    if (b.total !== b.parts || b.fees !== b.lines) {
      found.push({
        invariant: 10,
        message: `${name.booking(b.id)} totals ${b.total} paise, its parts ${b.parts}; back-up fees ${b.fees}, its lines' ${b.lines}`,
      });
    }
  }
  for (const line of held) {
    if (line.held !== 1 || line.sizes[0] !== line.size) {
      found.push({
        invariant: 10,
        message: `${name.booking(line.id)} holds ${line.held} back-up piece(s) (${line.sizes.join(', ')}) for back-up size ${line.size}`,
      });
    }
  }
  return found;
}

/**
 * Invariant 11 (decision 081): each payment the provider captured and we applied (it claims a
 * booking, a plan period or an extension) has exactly one tax invoice, for exactly what was
 * captured; a payment refunded instead of applied has none; each refund of an invoiced payment has
 * one credit note for its amount, against that invoice; every document's parts sum to its total;
 * and each kind's series in each financial year is 1, 2, … n with no gap and no number twice.
 */
async function taxDocumentsOnce(world: World, model: Model): Promise<Violation[]> {
  const name = namer(model);
  const [captured, invoiced, refunds, series, unbalanced] = await Promise.all([
    capturedPayments(world),
    rows<{ paymentId: string; invoices: number[] }>(
      world,
      sql`select c.provider_payment_id as "paymentId",
            array_agg(t.total_paise order by t.serial) as "invoices"
          from tax_documents t join captures c on c.id = t.capture_id
          where t.kind = 'invoice'
          group by c.provider_payment_id`,
    ),
    rows<{
      refundId: string;
      paymentId: string;
      amount: number;
      notes: number[];
      against: boolean;
    }>(
      world,
      sql`select r.id as "refundId", r.provider_payment_id as "paymentId",
            r.amount_paise as "amount",
            (select coalesce(array_agg(t.total_paise), '{}') from tax_documents t
              where t.refund_id = r.id and t.kind = 'credit-note') as "notes",
            coalesce((select t.original_id = i.id from tax_documents t
              where t.refund_id = r.id), true) as "against"
          from refunds r
          join captures c on c.id = r.capture_id
          join tax_documents i on i.capture_id = c.id and i.kind = 'invoice'
          where r.status <> 'failed'`,
    ),
    rows<{ kind: string; year: number; serials: number[]; counter: number | null }>(
      world,
      sql`select t.kind, t.financial_year as "year",
            array_agg(t.serial order by t.serial) as "serials",
            (select k.last_serial from tax_document_counters k
              where k.kind = t.kind and k.financial_year = t.financial_year) as "counter"
          from tax_documents t group by t.kind, t.financial_year`,
    ),
    rows<{ number: string }>(
      world,
      sql`select number from tax_documents
          where taxable_paise + cgst_paise + sgst_paise + igst_paise <> total_paise`,
    ),
  ]);
  const found: Violation[] = [];
  const invoicesOf = new Map(invoiced.map((i) => [i.paymentId, i.invoices]));
  for (const p of captured) {
    const applied = p.bookingClaims + p.periodClaims + p.periodsGone + p.extensionClaims > 0;
    const invoices = invoicesOf.get(p.paymentId) ?? [];
    invoicesOf.delete(p.paymentId);
    if (!isDeepStrictEqual(invoices, applied ? [p.amount] : [])) {
      found.push({
        invariant: 11,
        message: `${name.payment(p.paymentId)} (${p.amount} paise, ${applied ? 'applied' : 'not applied'}) has invoices for [${invoices.join(', ')}] paise`,
      });
    }
  }
  for (const [paymentId, invoices] of invoicesOf) {
    found.push({
      invariant: 11,
      message: `invoices for [${invoices.join(', ')}] paise name ${name.payment(paymentId)}, which the provider never captured`,
    });
  }
  for (const r of refunds) {
    if (!isDeepStrictEqual(r.notes, [r.amount]) || !r.against) {
      found.push({
        invariant: 11,
        message: `a refund of ${r.amount} paise from ${name.payment(r.paymentId)} has credit notes for [${r.notes.join(', ')}] paise${r.against ? '' : ', not against its invoice'}`,
      });
    }
  }
  for (const s of series) {
    const gapless = s.serials.every((serial, i) => serial === i + 1);
    if (!gapless || s.counter !== s.serials.length) {
      found.push({
        invariant: 11,
        message: `the ${s.kind} series of ${s.year} holds [${s.serials.join(', ')}], its counter ${s.counter}`,
      });
    }
  }
  for (const u of unbalanced) {
    found.push({ invariant: 11, message: `${u.number}'s parts do not sum to its total` });
  }
  return found;
}

/**
 * Every invariant, checked against the database as it stands. `settled`: the world has been
 * brought to rest (world.settle), so every capture must by now be applied or refunded.
 */
export async function audit(
  world: World,
  model: Model,
  { settled }: { settled: boolean },
): Promise<Violation[]> {
  const found = await Promise.all([
    moneyOnce(world, model, settled),
    piecesOnce(world, model),
    couponLimits(world, model),
    planLimits(world, model),
    paidAsQuoted(world, model),
    nothingFailed(world),
    cartsAsStored(world, model),
    extensionsAdd(world, model),
    backupsApart(world, model),
    taxDocumentsOnce(world, model),
  ]);
  return found.flat();
}
