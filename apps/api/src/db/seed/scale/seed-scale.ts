import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ART_WIDTHS, MAX_START_DAYS_AHEAD, artPictureKey, todayInIndia } from '@pehnava/shared';
import type { ImageStore } from '../../../adapters/images/image-store.js';
import { seed as seedStandard } from '../../../bootstrap.js';
import { hashPassword } from '../../../lib/passwords.js';
import { CATALOGUE_CHANNEL } from '../../../modules/catalogue/product-admin.repository.js';
import { toCouponTerms } from '../../../modules/coupons/coupons.service.js';
import type { Services } from '../../../services.js';
import { renderGarmentSvg } from '../art/garments.js';
import { buildSeedCatalogue } from '../catalogue/catalogue.js';
import { createRng, hashString } from '../catalogue/prng.js';
import { SEED_COUPONS } from '../coupons.js';
import { planBookings, type BookingDraft, type StoredCoupon } from './bookings.js';
import { DAY_MS, dayNumber } from './calendar.js';
import { artOf, generateCatalogue, type ArtKey } from './catalogue.js';
import { createIds } from './ids.js';
import { createLifecycle, type BookingRows } from './lifecycle.js';
import { reviewsOf } from './reviews.js';
import { createScaleRepository, type ShopData } from './scale.repository.js';
import { generateShoppers, type Shopper } from './shoppers.js';

export interface ScaleOptions {
  products: number;
  bookings: number;
  /** Shopper accounts (default: one for every five bookings, at least 50). */
  users?: number;
  /** The random stream: the same seed (and clock) gives the same data. */
  seed: number;
  /** Delete the shop data found first (users, bookings, payments, products…), instead of refusing. */
  replace: boolean;
  /** Every shopper's password (one hash for all); a random one, reported, when not given. */
  password?: string;
}

export interface ScaleReport {
  products: number;
  bookings: number;
  users: number;
  imagesWritten: number;
  /** The shoppers' password, when seed:scale chose it. */
  password: string | undefined;
  operatorEmail: string;
  rows: Record<string, number>;
  seconds: Record<string, number>;
}

/** Why seed:scale will not run: said to the person running it, with what would make it run. */
export class ScaleRefusal extends Error {}

/** Days of past start dates (about 21 months) and the window a start may be booked ahead. */
const PAST_DAYS = 639;
/** Products are listed from this many days back (the first 9 months before any booking). */
const LISTING_DAYS = 913;
const SHOPPER_DOMAIN = 'example.com';
const OPERATOR = { name: 'Operations Desk', email: 'operations@pehnava.example' } as const;
/** Bookings generated and written at a time (with their items, holds, payments and events). */
const BOOKINGS_PER_BATCH = 5_000;

/** What a database holds besides the standard seed, in words, or undefined when nothing. */
export function describeShopData(data: ShopData): string | undefined {
  const parts = [
    [data.users, 'accounts'],
    [data.bookings, 'bookings'],
    [data.payments, 'payment orders'],
    [data.subscriptions, 'plan periods'],
    [data.cartItems, 'cart items'],
    [data.otherProducts, 'products other than the standard seed'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${Number(n).toLocaleString('en-IN')} ${String(what)}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * `npm run seed:scale`'s work: the standard seed, then `options.products` more products, the
 * shoppers and `options.bookings` bookings over two years, written in bulk through `client` in
 * two transactions (the catalogue, then the shoppers and their bookings), then ANALYZE. A database
 * holding anything but the standard seed is refused unless `replace` (which deletes that data).
 */
export async function seedScale(
  services: Services,
  client: pg.ClientBase,
  options: ScaleOptions,
  log: (line: string) => void,
): Promise<ScaleReport> {
  if (services.database.kind !== 'postgres') {
    throw new ScaleRefusal(
      'seed:scale fills a PostgreSQL database for load tests: set DATABASE_URL to a PostgreSQL server (the embedded PGlite database is not for this).',
    );
  }
  const seconds: Record<string, number> = {};
  let lap = performance.now();
  const timed = (step: string) => {
    const at = performance.now();
    seconds[step] = Math.round(at - lap) / 1000;
    lap = at;
    return seconds[step];
  };
  const repo = createScaleRepository(client);
  // Hundreds of thousands of rows: one change notification at the end, not one per row.
  await repo.bulkLoad();
  const seedCatalogue = buildSeedCatalogue();

  const found = describeShopData(await repo.shopData(seedCatalogue.map((p) => p.productId)));
  if (found) {
    if (!options.replace) {
      throw new ScaleRefusal(
        `This database already holds shop data: ${found}. seed:scale fills an empty database (or ` +
          'one holding only the standard seed) and never deletes anything unasked. Point ' +
          'DATABASE_URL at a scratch database, or run again with --replace to delete all of it ' +
          '(accounts, bookings, payments, products; plans and coupons stay) and fill the database afresh.',
      );
    }
    log(`--replace: deleting ${found}…`);
    await repo.replaceShopData();
  }

  // The standard seed's past rentals and reviews are for a shop otherwise empty: these bookings
  // and their reviews take their place (a database that has them keeps them, and is planned around).
  const standard = await seedStandard(services, services.clock.now(), { pastRentals: false });
  log(
    `standard seed: ${standard.productsInserted} products, ${standard.plansInserted} plans, ${standard.couponsInserted} coupons inserted (${timed('standard seed')} s)`,
  );

  const now = services.clock.now();
  const today = todayInIndia(now);
  const ids = createIds(hashString(`${options.seed}:ids`));
  const products = generateCatalogue({
    count: options.products,
    firstNumber: (await repo.highestProductNumber()) + 1,
    firstPosition: (await repo.highestPosition()) + 1,
    seedKinds: seedCatalogue.map((p) => p.kind),
    listedFrom: new Date(now.getTime() - LISTING_DAYS * DAY_MS),
    now,
    seed: options.seed,
    ids,
  });
  const art = artOf(products);
  const imagesWritten = await writeMissingArt(services.images, art);
  log(
    `catalogue: ${products.length} products generated, ${art.length} drawings (${imagesWritten} drawn now, the rest cached) (${timed('catalogue generated')} s)`,
  );

  await inTransaction(client, () =>
    // Each product names its drawings' pictures (WebP at the product slot's width), made from the
    // drawing when first asked for (adapters/images/art-pictures.ts).
    repo.insertProducts(products, (key) =>
      services.images.urlFor(artPictureKey(key, ART_WIDTHS.product[0])),
    ),
  );
  services.catalogue.invalidate();
  log(`catalogue written (${timed('catalogue written')} s)`);

  const catalogue = await services.repos.catalogue.listProducts();
  const units = await repo.reservableUnits();
  const held = await repo.heldDays(dayNumber);
  const rng = createRng(`${options.seed}:shoppers`);
  const shoppers = generateShoppers(
    options.users ?? Math.max(50, Math.round(options.bookings / 5)),
    rng,
    ids,
    SHOPPER_DOMAIN,
  );
  const coupons = new Map<string, StoredCoupon>();
  for (const { code } of SEED_COUPONS) {
    const row = await services.repos.coupons.findByCode(code);
    if (row) coupons.set(code, { id: row.id, terms: toCouponTerms(row) });
  }
  const drafts = planBookings({
    count: options.bookings,
    products: catalogue,
    units,
    shoppers,
    coupons,
    now,
    today,
    pastDays: PAST_DAYS,
    aheadDays: MAX_START_DAYS_AHEAD,
    leadDays: services.config.RESERVATION_LEAD_DAYS,
    turnaroundDays: services.config.RESERVATION_TURNAROUND_DAYS,
    seed: options.seed,
    ids,
    held,
  });
  openAccounts(shoppers, drafts, now, rng);
  const operator = { id: ids.uuid(), ...OPERATOR };
  const lifecycle = createLifecycle({
    now,
    operator: { id: operator.id, email: operator.email, role: 'admin' },
    settings: {
      leadDays: services.config.RESERVATION_LEAD_DAYS,
      turnaroundDays: services.config.RESERVATION_TURNAROUND_DAYS,
      cleaningDays: services.config.UNIT_CLEANING_DAYS,
      holdMinutes: services.config.BOOKING_HOLD_MINUTES,
    },
    seed: options.seed,
    ids,
  });
  log(
    `bookings: ${drafts.length} planned over ${catalogue.length} products and ${units.length} units, for ${shoppers.length} shoppers (${timed('bookings planned')} s)`,
  );

  const password = options.password ?? randomBytes(9).toString('base64url');
  const [shopperHash, operatorHash] = await Promise.all([
    hashPassword(password),
    // Nobody knows the operator's password: an account to name in the audit trail, not to log in with.
    hashPassword(randomBytes(32).toString('hex')),
  ]);
  await inTransaction(client, async () => {
    await repo.insertUsers(shoppers, shopperHash, {
      ...operator,
      passwordHash: operatorHash,
      createdAt: new Date(now.getTime() - LISTING_DAYS * DAY_MS),
    });
    log(`users: ${shoppers.length + 1} written (${timed('users')} s)`);
    // A batch of bookings at a time, in the order they were made, each with all it made; the next
    // batch is generated while the database writes the last (the work gives way every few hundred).
    let written = 0;
    let reviewed = 0;
    const reviewRng = createRng(`${options.seed}:reviews`);
    let writing: Promise<void> = Promise.resolve();
    for (let from = 0; from < drafts.length; from += BOOKINGS_PER_BATCH) {
      const batch = drafts.slice(from, from + BOOKINGS_PER_BATCH);
      const parts: BookingRows[] = [];
      for (let at = 0; at < batch.length; at += 500) {
        parts.push(lifecycle.rowsOf(batch.slice(at, at + 500)));
        await breathe();
      }
      const rows = joinRows(parts);
      const reviews = reviewsOf(batch, rows, reviewRng, ids, now);
      reviewed += reviews.length;
      const statements = [
        ...(await repo.bookingStatements(rows)),
        ...(await repo.reviewStatements(reviews)),
      ];
      await writing;
      writing = repo.run(statements);
      // Its failure is met at the next `await writing`, not reported as unhandled before then.
      writing.catch(() => undefined);
      written += batch.length;
      if (written % (BOOKINGS_PER_BATCH * 5) === 0 || written === drafts.length) {
        log(
          `bookings: ${written.toLocaleString('en-IN')} generated with their items, holds, payments, events and ${reviewed.toLocaleString('en-IN')} reviews, and sent (${timed(`bookings to ${written}`)} s)`,
        );
      }
    }
    // The units' history is known once every booking is: made while the last batch is written.
    const units = lifecycle.unitRows();
    const unitStatements = await repo.unitStatements(units);
    await writing;
    await repo.run(unitStatements);
    log(
      `units: ${units.unitEvents.length} events, ${units.unitStates.length} units' states (${timed('units')} s)`,
    );
  });

  await repo.analyze();
  await repo.notifyCatalogueChanged(CATALOGUE_CHANNEL);
  await repo.notifyEverythingChanged();
  log(`ANALYZE (${timed('analyze')} s)`);

  return {
    products: products.length,
    bookings: drafts.length,
    users: shoppers.length,
    imagesWritten,
    password: options.password === undefined ? password : undefined,
    operatorEmail: operator.email,
    rows: await repo.rowCounts(),
    seconds,
  };
}

const breathe = () => new Promise((resolve) => setImmediate(resolve));

/** Rows of several runs of bookings as one. */
function joinRows(parts: readonly BookingRows[]): BookingRows {
  const joined = { ...parts[0]! };
  for (const key of Object.keys(joined) as (keyof BookingRows)[]) {
    (joined[key] as unknown[]) = parts.flatMap((part) => part[key] as unknown[]);
  }
  return joined;
}

async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    // Nothing here needs to wait for the disk before the next statement; the commit still does.
    await client.query('set local synchronous_commit = off');
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Draw each drawing the catalogue uses once, keeping any already on disk. */
async function writeMissingArt(images: ImageStore, art: readonly ArtKey[]): Promise<number> {
  let written = 0;
  for (const drawing of art) {
    if (await images.exists(drawing.key)) continue;
    const svg = renderGarmentSvg({
      kind: drawing.kind,
      colour: drawing.colour,
      accent: drawing.accent,
      view: drawing.view,
      seed: hashString(drawing.key) % 1000,
    });
    await images.put(drawing.key, svg);
    written += 1;
  }
  return written;
}

/**
 * When each shopper signed up: some time before their first booking (up to four months), or, for
 * those who have not booked, any day in the last 21 months.
 */
function openAccounts(
  shoppers: Shopper[],
  drafts: readonly BookingDraft[],
  now: Date,
  rng: ReturnType<typeof createRng>,
): void {
  const first = new Map<string, number>();
  for (const draft of drafts) {
    const at = draft.createdAt.getTime();
    const earlier = first.get(draft.shopper.id);
    if (earlier === undefined || at < earlier) first.set(draft.shopper.id, at);
  }
  for (const shopper of shoppers) {
    const booked = first.get(shopper.id);
    shopper.createdAt =
      booked === undefined
        ? new Date(now.getTime() - Math.floor(rng.next() * PAST_DAYS * DAY_MS))
        : new Date(booked - rng.int(10 * 60_000, 120 * DAY_MS));
  }
}
