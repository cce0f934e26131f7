import {
  FREE_SUBSCRIPTION,
  checkCoupon,
  orderTotals,
  rupeesToPaise,
  type CouponTerms,
  type Product,
  type RentalDuration,
} from '@pehnava/shared';
import { priceItems } from '../../../modules/bookings/pricing.js';
import { createRng, type Rng } from '../catalogue/prng.js';
import {
  dayNumber,
  instantIn,
  isoDay,
  minuteOf,
  startWeights,
  weightedSampler,
} from './calendar.js';
import type { Ids } from './ids.js';
import type { Shopper } from './shoppers.js';

/** A physical unit as the generator allocates it. */
export interface UnitRef {
  id: string;
  code: string;
  productId: string;
  size: string;
  unitNumber: number;
}

/**
 * What becomes of a booking: kept (paid, then sent and returned as its dates come), cancelled by
 * the shopper after paying (before dispatch, refunded in full), or expired unpaid (its hold let go).
 */
export type Fate = 'kept' | 'cancelled' | 'expired';

export interface LineDraft {
  id: string;
  product: Product;
  size: string;
  duration: RentalDuration;
  quantity: number;
  /** Day numbers (see calendar.ts). */
  start: number;
  end: number;
  units: UnitRef[];
  originalPaise: number;
  totalPaise: number;
  position: number;
}

export interface BookingDraft {
  id: string;
  shopper: Shopper;
  fate: Fate;
  start: number;
  createdAt: Date;
  lines: LineDraft[];
  subtotalPaise: number;
  discountPaise: number;
  deliveryFeePaise: number;
  insuranceSelected: boolean;
  insurancePaise: number;
  totalPaise: number;
  coupon: { id: string; code: string } | undefined;
  method: 'upi' | 'card';
}

export interface StoredCoupon {
  id: string;
  terms: CouponTerms;
}

export interface PlanInput {
  count: number;
  /** The whole catalogue (the seed's products and the generated ones), as the API shapes it. */
  products: readonly Product[];
  units: readonly UnitRef[];
  shoppers: readonly Shopper[];
  /** The seeded coupons by code (WELCOME50, FESTIVE20, FLAT300), when present. */
  coupons: ReadonlyMap<string, StoredCoupon>;
  now: Date;
  today: string;
  /** Days of past start dates (about 21 months) and ahead (the 90 days a start may be). */
  pastDays: number;
  aheadDays: number;
  leadDays: number;
  turnaroundDays: number;
  seed: number;
  ids: Ids;
  /**
   * Days units are held already, by unit id (day numbers, both ends held): the standard seed's
   * past rentals. No booking that holds a unit is placed over them.
   */
  held?: ReadonlyMap<string, readonly (readonly [number, number])[]>;
}

/** Shares of bookings that expire unpaid and that are cancelled after payment. */
const EXPIRED_SHARE = 0.04;
const CANCELLED_SHARE = 0.05;
/** Lines per booking: one mostly, sometimes two or three. */
const LINE_COUNTS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3] as const;
/** Rental lengths the free plan may choose, as often as shoppers choose them. */
const DURATIONS: readonly RentalDuration[] = [
  2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 7, 7, 7, 7,
];
/** Popularity falls with a product's rank: weight 1 / (rank + 1)^0.6, bestsellers three times. */
const POPULARITY_EXPONENT = 0.6;
/** Shoppers book at different rates: weight 1 / (rank + 8)^0.85. */
const SHOPPER_EXPONENT = 0.85;
/** Tries to find a line a free unit before giving up on that line. */
const LINE_TRIES = 12;

interface Slot {
  ref: UnitRef;
  /** The last day an active reservation of this unit blocks so far (-Infinity: none). */
  busyUntil: number;
  /** Days it was held before (PlanInput.held). */
  held: readonly (readonly [number, number])[];
}

interface Stock {
  product: Product;
  listedAt: number;
  /** Sizes offered, each with its units in unit-number order (the order checkout takes them in). */
  sizes: { size: string; slots: Slot[] }[];
}

interface Plan {
  start: number;
  fate: Fate;
  lines: number;
  shopper: Shopper;
}

/**
 * Plan `count` bookings over the window and give every line its units so that no two kept
 * bookings ever hold one unit over overlapping days: bookings are placed in start-date order and a
 * unit is taken only when its last hold ends before the new one's first blocked day (the rule of
 * the exclusion constraint). Then price them in the order they were made, with the shared pricing
 * functions and the seeded coupons. Pure and deterministic for a seed.
 */
export function planBookings(input: PlanInput): BookingDraft[] {
  const rng = createRng(`${input.seed}:bookings`);
  const today = dayNumber(input.today);
  const first = today - input.pastDays;
  const last = today + input.aheadDays;
  const startOf = weightedSampler(startWeights(first, last, today));
  const stock = stockOf(input.products, input.units, input.held ?? new Map());
  const productAt = weightedSampler(popularity(stock, rng));
  const shopperAt = weightedSampler(
    input.shoppers.map((_, rank) => 1 / (rank + 8) ** SHOPPER_EXPONENT),
  );

  const drafts: BookingDraft[] = [];
  // Rounds: the first places every booking; a later one only makes up bookings none could be found for.
  for (let round = 0; round < 6 && drafts.length < input.count; round += 1) {
    const plans: Plan[] = [];
    for (let i = drafts.length; i < input.count; i += 1) {
      const roll = rng.next();
      plans.push({
        start: first + startOf(rng.next()),
        fate:
          roll < EXPIRED_SHARE
            ? 'expired'
            : roll < EXPIRED_SHARE + CANCELLED_SHARE
              ? 'cancelled'
              : 'kept',
        lines: rng.pick(LINE_COUNTS),
        shopper: input.shoppers[shopperAt(rng.next())]!,
      });
    }
    plans.sort((a, b) => a.start - b.start);
    for (const plan of plans) {
      const draft = place(plan, { input, rng, stock, productAt, today });
      if (draft) drafts.push(draft);
    }
  }
  priceInOrder(drafts, input.coupons, rng);
  return drafts;
}

function stockOf(
  products: readonly Product[],
  units: readonly UnitRef[],
  held: NonNullable<PlanInput['held']>,
): Stock[] {
  const unitsOf = new Map<string, UnitRef[]>();
  for (const unit of units) {
    const key = `${unit.productId}|${unit.size}`;
    let list = unitsOf.get(key);
    if (!list) unitsOf.set(key, (list = []));
    list.push(unit);
  }
  const stock: Stock[] = [];
  for (const product of products) {
    if (!product.isAvailable) continue;
    const sizes = product.sizes
      .filter((size) => size.available)
      .map((size) => ({
        size: size.size,
        slots: (unitsOf.get(`${product._id}|${size.size}`) ?? [])
          .sort((a, b) => a.unitNumber - b.unitNumber)
          .map((ref) => ({ ref, busyUntil: -Infinity, held: held.get(ref.id) ?? [] })),
      }))
      .filter((size) => size.slots.length > 0);
    if (sizes.length > 0) {
      stock.push({ product, listedAt: new Date(product.date).getTime(), sizes });
    }
  }
  return stock;
}

/** A random popularity order: a long tail, with bestsellers ahead of their rank. */
function popularity(stock: readonly Stock[], rng: Rng): Float64Array {
  const order = rng.shuffle(stock.map((_, i) => i));
  const weights = new Float64Array(stock.length);
  order.forEach((index, rank) => {
    const boost = stock[index]!.product.bestseller ? 3 : 1;
    weights[index] = boost / (rank + 1) ** POPULARITY_EXPONENT;
  });
  return weights;
}

interface PlaceContext {
  input: PlanInput;
  rng: Rng;
  stock: Stock[];
  productAt: (u: number) => number;
  today: number;
}

/** When a booking starting on `start` was made: 2 to 90 days before, never after now. */
function madeAt(start: number, { input, rng, today }: PlaceContext): Date {
  const ahead = start - today;
  const shortest = Math.max(2, ahead);
  const lead = Math.min(90, shortest + Math.floor(-Math.log(1 - rng.next()) * 12));
  const day = start - lead;
  if (day >= today) {
    const latest = Math.max(1, minuteOf(input.now));
    return new Date(
      Math.min(input.now.getTime(), instantIn(today, rng.int(0, latest - 1)).getTime()),
    );
  }
  return instantIn(day, rng.int(8 * 60, 23 * 60 + 59));
}

function place(plan: Plan, context: PlaceContext): BookingDraft | undefined {
  const { input, rng, stock, productAt } = context;
  const createdAt = madeAt(plan.start, context);
  // An unpaid booking is asked about for a day after its hold: only older ones have expired here.
  // A cancellation comes after the payment: only bookings made over half an hour ago.
  const age = input.now.getTime() - createdAt.getTime();
  const fate: Fate =
    (plan.fate === 'expired' && age < 86_400_000) || (plan.fate === 'cancelled' && age < 1_800_000)
      ? 'kept'
      : plan.fate;
  const lines: LineDraft[] = [];
  const taken = new Set<string>();
  for (let n = 0; n < plan.lines; n += 1) {
    for (let attempt = 0; attempt < LINE_TRIES; attempt += 1) {
      const item = stock[productAt(rng.next())]!;
      if (taken.has(item.product._id) || item.listedAt > createdAt.getTime()) continue;
      const duration = rng.pick(DURATIONS);
      const from = plan.start - input.leadDays;
      const until = plan.start + duration + input.turnaroundDays;
      const quantity = rng.chance(0.03) ? 2 : 1;
      const units = unitsFor(item, quantity, from, until, fate === 'kept', rng);
      if (!units) continue;
      taken.add(item.product._id);
      lines.push({
        id: input.ids.uuid(),
        product: item.product,
        size: units[0]!.size,
        duration,
        quantity,
        start: plan.start,
        end: plan.start + duration,
        units,
        originalPaise: 0,
        totalPaise: 0,
        position: lines.length,
      });
      break;
    }
  }
  if (lines.length === 0) return undefined;
  return {
    id: input.ids.uuid(),
    shopper: plan.shopper,
    fate,
    start: plan.start,
    createdAt,
    lines,
    subtotalPaise: 0,
    discountPaise: 0,
    deliveryFeePaise: 0,
    insuranceSelected: false,
    insurancePaise: 0,
    totalPaise: 0,
    coupon: undefined,
    method: rng.chance(0.62) ? 'upi' : 'card',
  };
}

/**
 * `quantity` units of one size of the product free over [from, until], the middle sizes most
 * asked for, taken in unit-number order as checkout takes them. A booking that will hold them
 * (`holds`) marks them busy; one that lets them go (cancelled, expired) only names them.
 */
function unitsFor(
  item: Stock,
  quantity: number,
  from: number,
  until: number,
  holds: boolean,
  rng: Rng,
): UnitRef[] | undefined {
  const middle = (item.sizes.length - 1) / 2;
  const preferred = item.sizes
    .map((size, i) => ({ size, key: Math.abs(i - middle) + rng.next() * 2 }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.size);
  for (const size of preferred) {
    if (size.slots.length < quantity) continue;
    const free = holds
      ? size.slots.filter(
          (slot) => slot.busyUntil < from && slot.held.every(([a, b]) => b < from || a > until),
        )
      : size.slots;
    if (free.length < quantity) continue;
    const chosen = free.slice(0, quantity);
    if (holds) for (const slot of chosen) slot.busyUntil = until;
    return chosen.map((slot) => slot.ref);
  }
  return undefined;
}

/**
 * Price every booking as checkout would have, in the order they were made: the lines by the shared
 * pricing (the free plan), a coupon now and then (WELCOME50 only on a shopper's first booking),
 * optional insurance, and the order's totals. Also the standard seed's past rentals' (no coupons).
 */
export function priceInOrder(
  drafts: BookingDraft[],
  coupons: ReadonlyMap<string, StoredCoupon>,
  rng: Rng,
) {
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  const seen = new Set<string>();
  for (const draft of drafts) {
    const firstOrder = !seen.has(draft.shopper.id);
    seen.add(draft.shopper.id);
    const rentals = draft.lines.map((line) => ({
      product: line.product,
      size: line.size,
      duration: line.duration,
      startDate: isoDay(line.start),
      endDate: isoDay(line.end),
    }));
    const { items, subtotal } = priceItems(
      rentals,
      draft.lines.map((line) => line.quantity),
      FREE_SUBSCRIPTION,
    );
    items.forEach((item, i) => {
      const line = draft.lines[i]!;
      line.originalPaise = item.originalPaise;
      line.totalPaise = item.totalPaise;
    });

    const roll = rng.next();
    const wanted =
      firstOrder && roll < 0.35
        ? 'WELCOME50'
        : roll < 0.1
          ? 'FESTIVE20'
          : roll < 0.18
            ? 'FLAT300'
            : undefined;
    const coupon = wanted ? coupons.get(wanted) : undefined;
    let discount = 0;
    if (coupon) {
      const verdict = checkCoupon(coupon.terms, {
        now: draft.createdAt,
        subtotal,
        isFirstOrder: firstOrder,
        usesByShopper: 0,
        usesTotal: 0,
      });
      if (verdict.ok) {
        discount = verdict.discount;
        draft.coupon = { id: coupon.id, code: coupon.terms.code };
      }
    }
    draft.insuranceSelected = rng.chance(0.25);
    const totals = orderTotals({
      plan: 'free',
      subtotal,
      discount,
      insurance: draft.insuranceSelected,
    });
    draft.subtotalPaise = rupeesToPaise(totals.subtotal);
    draft.discountPaise = rupeesToPaise(totals.discount);
    draft.deliveryFeePaise = rupeesToPaise(totals.deliveryFee);
    draft.insurancePaise = rupeesToPaise(totals.insurance);
    draft.totalPaise = rupeesToPaise(totals.total);
  }
}
