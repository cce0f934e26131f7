import type { Product, RentalDuration } from '@pehnava/shared';
import { todayInIndia } from '@pehnava/shared';
import type { reviewHelpfulVotes, reviews, users } from '../../schema/index.js';
import { createRng, type Rng } from '../catalogue/prng.js';
import { priceInOrder, type BookingDraft, type UnitRef } from '../scale/bookings.js';
import { DAY_MS, dayNumber, dayOf, instantIn } from '../scale/calendar.js';
import { createIds } from '../scale/ids.js';
import {
  createLifecycle,
  type BookingRows,
  type LifecycleSettings,
  type UnitRows,
} from '../scale/lifecycle.js';
import { generateShoppers, wears, type Shopper } from '../scale/shoppers.js';
import { wearOf, writeReview } from './review-writer.js';

export type UserInsert = typeof users.$inferInsert;
export type ReviewInsert = typeof reviews.$inferInsert;
export type VoteInsert = typeof reviewHelpfulVotes.$inferInsert;

/** Everything the seed's past rentals write, table by table. */
export interface PastRentals {
  users: UserInsert[];
  bookings: BookingRows;
  units: UnitRows;
  reviews: ReviewInsert[];
  votes: VoteInsert[];
}

export interface PastRentalsInput {
  /** The catalogue as the API shapes it. */
  products: readonly Product[];
  /** The seed catalogue's codes: only its pieces are rented here. */
  seedCodes: ReadonlySet<string>;
  /** Units that may be reserved, of any product. */
  units: readonly UnitRef[];
  now: Date;
  settings: LifecycleSettings;
}

/** The share of the seed's clothes that have been rented and reviewed. */
export const REVIEWED_SHARE = 0.4;
/** Reviews of a piece, 1 to 8, as often as these weights say: most pieces reach 3. */
const REVIEW_COUNT_WEIGHTS = [14, 14, 16, 16, 12, 10, 9, 9] as const;
/** Renters' accounts: each reviews a few pieces (women's wear by women, men's by men). */
const RENTERS = 80;
/** Their e-mail domain (reserved: nothing is ever delivered there). */
export const RENTERS_DOMAIN = 'renters.pehnava.example';
/** Days between two rentals of one piece: more than a rental holds its unit for. */
const SPACING_DAYS = 16;
/** A rental starts at least this many days after its piece was listed. */
const AFTER_LISTING_DAYS = 5;
/** The last rental started at least this many days before today (back, cleaned, reviewed). */
const BEFORE_TODAY_DAYS = 25;
const DURATIONS: readonly RentalDuration[] = [2, 2, 4, 4, 4, 7];
/** Helpful votes a review with words gets: none mostly. */
const VOTE_WEIGHTS = [55, 20, 12, 8, 5] as const;
/** Nobody knows it, nothing verifies against it: a renter's account is never signed in to. */
const NO_PASSWORD = '!seed-renter';
/** Who sent and checked in the pieces (no account of the seed's). */
const DESK = { id: null, email: 'desk@pehnava.example', role: 'admin' } as const;

function weightedIndex(weights: readonly number[], rng: Rng): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = rng.next() * total;
  for (const [i, weight] of weights.entries()) {
    roll -= weight;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

/**
 * The standard seed's past rentals and their reviews (decision 072): about 40% of the seed's
 * clothes (REVIEWED_SHARE), each rented 1 to 8 times by renters with Indian names in cities
 * across India, every rental paid, sent, delivered and checked back in as the app would have
 * written it (scale/lifecycle.ts), then reviewed. Rentals of one piece are weeks apart, all over
 * before today, so no two hold a unit at once and none is still out. Pure and deterministic for
 * its input: the same catalogue and `now` give the same rows.
 */
export function planPastRentals(input: PastRentalsInput): PastRentals {
  const rng = createRng('seed-past-rentals');
  const ids = createIds(72_0001);
  const today = dayNumber(todayInIndia(input.now));
  const unitsBy = new Map<string, UnitRef[]>();
  for (const unit of input.units) {
    const key = `${unit.productId}|${unit.size}`;
    const list = unitsBy.get(key) ?? [];
    list.push(unit);
    unitsBy.set(key, list);
  }
  const clothes = input.products
    .filter((p) => input.seedCodes.has(p.productId) && wearOf(p))
    .sort((a, b) => a.productId.localeCompare(b.productId));
  const chosen = rng
    .shuffle(clothes)
    .slice(0, Math.round(clothes.length * REVIEWED_SHARE))
    .sort((a, b) => a.productId.localeCompare(b.productId));

  const renters = generateShoppers(RENTERS, rng, ids, RENTERS_DOMAIN);
  const drafts: BookingDraft[] = [];
  for (const product of chosen) {
    const sizes = product.sizes.filter(
      (s) => s.available && (unitsBy.get(`${product._id}|${s.size}`)?.length ?? 0) > 0,
    );
    const first = dayOf(new Date(product.date)) + AFTER_LISTING_DAYS;
    const last = today - BEFORE_TODAY_DAYS;
    const room = Math.floor((last - first + 1) / SPACING_DAYS);
    const wanted = weightedIndex(REVIEW_COUNT_WEIGHTS, rng) + 1;
    const wear = wearOf(product)!;
    const who = rng.shuffle(renters.filter((r) => wears(r.name, wear))).slice(0, wanted);
    const count = product.isAvailable && sizes.length > 0 ? Math.min(who.length, room) : 0;
    if (count <= 0) continue;
    // Rentals in slots of equal length across the time it has been listed, one in each.
    const slot = Math.floor((last - first + 1) / count);
    for (let i = 0; i < count; i += 1) {
      const start = first + i * slot + rng.int(0, slot - SPACING_DAYS);
      const middle = (sizes.length - 1) / 2;
      const size = sizes
        .map((s, at) => ({ s, key: Math.abs(at - middle) + rng.next() * 2 }))
        .sort((a, b) => a.key - b.key)[0]!.s.size;
      const duration = rng.pick(DURATIONS);
      drafts.push({
        id: ids.uuid(),
        shopper: who[i]!,
        fate: 'kept',
        start,
        createdAt: madeAt(start, product, rng),
        lines: [
          {
            id: ids.uuid(),
            product,
            size,
            duration,
            quantity: 1,
            start,
            end: start + duration,
            units: [unitsBy.get(`${product._id}|${size}`)![0]!],
            originalPaise: 0,
            totalPaise: 0,
            position: 0,
          },
        ],
        subtotalPaise: 0,
        discountPaise: 0,
        deliveryFeePaise: 0,
        insuranceSelected: false,
        insurancePaise: 0,
        totalPaise: 0,
        coupon: undefined,
        method: rng.chance(0.62) ? 'upi' : 'card',
      });
    }
  }
  priceInOrder(drafts, new Map(), rng);
  const lifecycle = createLifecycle({
    now: input.now,
    operator: DESK,
    settings: input.settings,
    seed: 72,
    ids,
  });
  const bookings = lifecycle.rowsOf(drafts);
  const units = lifecycle.unitRows();

  const backAt = new Map(
    bookings.reservations.map((r) => [r.bookingItemId!, r.returnedAt ?? undefined]),
  );
  const reviewRows: ReviewInsert[] = [];
  for (const draft of drafts) {
    const line = draft.lines[0]!;
    const back = backAt.get(line.id);
    if (!back) continue;
    const written = writeReview(line.product, line.size, draft.shopper.delivery.city, rng);
    const at = instantIn(dayOf(back) + rng.int(1, 12), rng.int(8 * 60, 23 * 60));
    reviewRows.push({
      id: ids.uuid(),
      bookingItemId: line.id,
      bookingId: draft.id,
      productId: line.product._id,
      userId: draft.shopper.id,
      ...written,
      firstName: draft.shopper.name.split(' ')[0]!,
      city: draft.shopper.delivery.city,
      createdAt: at.getTime() < input.now.getTime() ? at : new Date(back.getTime() + DAY_MS),
    });
  }

  const renting = new Map<string, { shopper: Shopper; first: number }>();
  for (const draft of drafts) {
    const known = renting.get(draft.shopper.id);
    const at = draft.createdAt.getTime();
    if (!known || at < known.first)
      renting.set(draft.shopper.id, { shopper: draft.shopper, first: at });
  }
  const userRows: UserInsert[] = [...renting.values()].map(({ shopper, first }) => {
    const createdAt = new Date(first - rng.int(1, 120) * DAY_MS);
    return {
      id: shopper.id,
      name: shopper.name,
      email: shopper.email,
      passwordHash: NO_PASSWORD,
      phone: shopper.phone,
      address: shopper.address,
      role: 'user',
      createdAt,
      updatedAt: createdAt,
    };
  });

  const voters = userRows.map((u) => u.id!);
  const votes: VoteInsert[] = [];
  for (const review of reviewRows) {
    if (!review.body) continue;
    const count = weightedIndex(VOTE_WEIGHTS, rng);
    const by = rng.shuffle(voters.filter((id) => id !== review.userId)).slice(0, count);
    for (const userId of by) {
      const at = new Date(review.createdAt!.getTime() + rng.int(1, 20) * 3_600_000);
      votes.push({
        reviewId: review.id!,
        userId,
        createdAt: at.getTime() < input.now.getTime() ? at : review.createdAt!,
      });
    }
    review.helpful = by.length;
  }

  return { users: userRows, bookings, units, reviews: reviewRows, votes };
}

/** When a rental starting on day `start` was booked: 3 to 30 days before, after its listing. */
function madeAt(start: number, product: Product, rng: Rng): Date {
  const at = instantIn(start - rng.int(3, 30), rng.int(9 * 60, 23 * 60));
  const listed = new Date(product.date).getTime();
  return at.getTime() > listed ? at : new Date(listed + 3_600_000);
}
