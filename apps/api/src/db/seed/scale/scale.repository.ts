import type pg from 'pg';
import { CHANGES_CHANNEL } from '../../change-feed.js';
import type { ReviewInsert } from '../reviews/past-rentals.js';
import { RENTERS_DOMAIN } from '../reviews/past-rentals.js';
import type { ScaleProduct } from './catalogue.js';
import type { UnitRef } from './bookings.js';
import type { BookingRows, UnitRows, UnitStateUpdate } from './lifecycle.js';
import type { Shopper } from './shoppers.js';

/*
 * The scale seed's SQL: what is in the database, wiping it when asked to, and bulk inserts. Rows go
 * in as one statement per batch, `insert … select from unnest($1::type[], …)`, one array per
 * column: a few statements for a hundred thousand rows, every constraint and trigger left on. The
 * arrays are sent as PostgreSQL array literals written here (node-postgres's own conversion of a
 * JavaScript array took longer than the insert itself).
 */

interface Column<T> {
  name: string;
  /** The PostgreSQL type of one value (the parameter is an array of it). */
  type: string;
  /**
   * Values are: numbers or booleans, or strings, or null. Strings of the types in `BARE_TYPES`
   * (ids, dates, timestamps, enum values) never hold a quote, comma, brace, backslash or space,
   * so they are written bare; any other string is quoted.
   */
  value: (row: T) => unknown;
  /** What is inserted, from the unnested value `v` (default: the value itself). */
  select?: (v: string) => string;
}

/** Rows per statement. */
const BATCH = 10_000;
/** Separates image URLs in one text value (never in a URL). */
const LIST_SEPARATOR = '|';

/** Types whose text never needs quoting inside an array literal. */
const BARE_TYPES = new Set([
  'uuid',
  'int',
  'bool',
  'date',
  'timestamptz',
  'product_category',
  'user_role',
  'booking_status',
  'payment_status',
  'return_condition',
  'payment_purpose',
  'payment_record_status',
  'capture_outcome',
  'capture_target',
  'refund_status',
  'coupon_use_status',
  'unit_state',
]);

/** A PostgreSQL array literal of `values` (null → NULL; strings quoted unless `bare`). */
function arrayLiteral(values: readonly unknown[], bare: boolean): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'boolean') parts[i] = value ? 't' : 'f';
    else if (typeof value === 'number' || bare) parts[i] = String(value);
    else parts[i] = `"${String(value).replace(/["\\]/g, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** Where statements go: the database, or a list kept to run later. */
interface Target {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** A statement written out, to be run later. */
export interface Statement {
  text: string;
  values: unknown[];
}

async function insertMany<T>(
  client: Target,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`);
  const selected = columns
    .map((c, i) => (c.select ? c.select(aliases[i]!) : aliases[i]!))
    .join(', ');
  const text = `insert into "${table}" (${names}) select ${selected} from unnest(${params}) as t(${aliases.join(', ')})`;
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH);
    const arrays = columns.map((column) =>
      arrayLiteral(
        batch.map((row) => column.value(row)),
        BARE_TYPES.has(column.type),
      ),
    );
    await client.query(text, arrays);
  }
}

/** Shop data already in the database: what seed:scale would add to or, with --replace, remove. */
export interface ShopData {
  users: number;
  bookings: number;
  payments: number;
  subscriptions: number;
  cartItems: number;
  /** Products other than the standard seed's (by their codes). */
  otherProducts: number;
}

/** Tables seed:scale empties with --replace: everything but plans, coupons and migrations. */
const SHOP_TABLES = [
  'users',
  'otp_codes',
  'products',
  'product_sizes',
  'product_units',
  'unit_events',
  'product_filters',
  'cart_items',
  'wishlist_items',
  'coupon_uses',
  'bookings',
  'booking_items',
  'unit_reservations',
  'booking_events',
  'booking_charges',
  'item_reports',
  'subscriptions',
  'payments',
  'captures',
  'balance_order_charges',
  'payment_events',
  'refunds',
  'outbox_mails',
  'sandbox_orders',
  'sandbox_payments',
  'sandbox_refunds',
  'sandbox_webhooks',
  'sandbox_mandates',
] as const;

/** Tables whose rows the report counts. */
export const COUNTED_TABLES = [
  'products',
  'product_sizes',
  'product_units',
  'product_filters',
  'users',
  'bookings',
  'booking_items',
  'unit_reservations',
  'payments',
  'captures',
  'refunds',
  'coupon_uses',
  'booking_events',
  'unit_events',
  'sandbox_orders',
  'sandbox_payments',
  'sandbox_refunds',
  'reviews',
  'product_ratings',
] as const;

export function createScaleRepository(client: pg.ClientBase) {
  const count = async (text: string, values: unknown[] = []) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]!.n);

  return {
    /**
     * What the database holds besides the standard seed, whose past rentals (its renters' accounts,
     * their bookings and payments) are the standard seed's own.
     */
    async shopData(seedCodes: readonly string[]): Promise<ShopData> {
      const renter = `%@${RENTERS_DOMAIN}`;
      const notARenter = (column: string) =>
        `not exists (select 1 from users r where r.id = ${column} and r.email like $1)`;
      return {
        users: await count('select count(*) as n from users where email not like $1', [renter]),
        bookings: await count(
          `select count(*) as n from bookings b where ${notARenter('b.user_id')}`,
          [renter],
        ),
        payments: await count(
          `select count(*) as n from payments p where ${notARenter('p.user_id')}`,
          [renter],
        ),
        subscriptions: await count('select count(*) as n from subscriptions'),
        cartItems: await count('select count(*) as n from cart_items'),
        otherProducts: await count(
          'select count(*) as n from products where not (product_id = any($1::text[]))',
          [seedCodes],
        ),
      };
    },

    /** Delete every shopper, booking, payment and product (plans and coupons stay). */
    async replaceShopData(): Promise<void> {
      await client.query(`truncate ${SHOP_TABLES.map((t) => `"${t}"`).join(', ')} cascade`);
    },

    /** The highest number in a product code (PHN-LEH-0120 → 120), 0 when there are none. */
    async highestProductNumber(): Promise<number> {
      return count(
        `select coalesce(max((substring(product_id from '([0-9]+)$'))::int), 0) as n from products`,
      );
    },

    async highestPosition(): Promise<number> {
      return count('select coalesce(max(position), -1) as n from products');
    },

    async insertProducts(products: readonly ScaleProduct[], imageUrl: (key: string) => string) {
      await insertMany(
        client,
        'products',
        [
          { name: 'id', type: 'uuid', value: (p) => p.id },
          { name: 'product_id', type: 'text', value: (p) => p.productId },
          { name: 'name', type: 'text', value: (p) => p.name },
          { name: 'description', type: 'text', value: (p) => p.description },
          {
            name: 'images',
            type: 'text',
            value: (p) => p.art.map((a) => imageUrl(a.key)).join(LIST_SEPARATOR),
            select: (v) => `string_to_array(${v}, '${LIST_SEPARATOR}')`,
          },
          { name: 'mrp_paise', type: 'int', value: (p) => p.mrpPaise },
          { name: 'two_day_price_paise', type: 'int', value: (p) => p.twoDayPricePaise },
          { name: 'four_day_price_paise', type: 'int', value: (p) => p.fourDayPricePaise },
          { name: 'seven_day_price_paise', type: 'int', value: (p) => p.sevenDayPricePaise },
          { name: 'fourteen_day_price_paise', type: 'int', value: (p) => p.fourteenDayPricePaise },
          { name: 'category', type: 'product_category', value: (p) => p.category },
          { name: 'condition', type: 'text', value: (p) => p.condition },
          { name: 'bestseller', type: 'bool', value: (p) => p.bestseller },
          { name: 'is_available', type: 'bool', value: (p) => p.isAvailable },
          { name: 'position', type: 'int', value: (p) => p.position },
          { name: 'listed_at', type: 'timestamptz', value: (p) => iso(p.listedAt) },
          { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.listedAt) },
          { name: 'updated_at', type: 'timestamptz', value: (p) => iso(p.listedAt) },
        ],
        products,
      );
      const sizes = products.flatMap((p) =>
        p.sizes.map((size, position) => ({ p, size, position })),
      );
      await insertMany(
        client,
        'product_sizes',
        [
          { name: 'product_id', type: 'uuid', value: (s) => s.p.id },
          { name: 'size', type: 'text', value: (s) => s.size.size },
          { name: 'available', type: 'bool', value: (s) => s.size.available },
          { name: 'position', type: 'int', value: (s) => s.position },
        ],
        sizes,
      );
      // Units: the tag code is written by the trigger (migration 0008) as for any insert.
      const units = sizes.flatMap(({ p, size }) =>
        Array.from({ length: size.units }, (_, i) => ({ p, size: size.size, number: i + 1 })),
      );
      await insertMany(
        client,
        'product_units',
        [
          { name: 'product_id', type: 'uuid', value: (u) => u.p.id },
          { name: 'size', type: 'text', value: (u) => u.size },
          { name: 'unit_number', type: 'int', value: (u) => u.number },
          { name: 'state_changed_at', type: 'timestamptz', value: (u) => iso(u.p.listedAt) },
          { name: 'created_at', type: 'timestamptz', value: (u) => iso(u.p.listedAt) },
        ],
        units,
      );
      const filters = products.flatMap((p) =>
        p.filters.map((filter, position) => ({ p, filter, position })),
      );
      await insertMany(
        client,
        'product_filters',
        [
          { name: 'product_id', type: 'uuid', value: (f) => f.p.id },
          { name: 'type', type: 'text', value: (f) => f.filter.type },
          { name: 'value', type: 'text', value: (f) => f.filter.value },
          { name: 'position', type: 'int', value: (f) => f.position },
        ],
        filters,
      );
    },

    /**
     * The days each unit is held already (the standard seed's past rentals), as day numbers from
     * 'YYYY-MM-DD' by `toDay`: the bookings planned keep clear of them.
     */
    async heldDays(toDay: (date: string) => number): Promise<Map<string, [number, number][]>> {
      const { rows } = await client.query<{ unit: string; from: string; until: string }>(
        `select unit_id as unit, blocked_from::text as from, blocked_until::text as until
         from unit_reservations where active`,
      );
      const held = new Map<string, [number, number][]>();
      for (const row of rows) {
        const list = held.get(row.unit) ?? [];
        list.push([toDay(row.from), toDay(row.until)]);
        held.set(row.unit, list);
      }
      return held;
    },

    /** Every unit that may be reserved (not in repair, not retired). */
    async reservableUnits(): Promise<UnitRef[]> {
      const { rows } = await client.query<UnitRef>(
        `select id, code, product_id as "productId", size, unit_number as "unitNumber"
         from product_units where state not in ('repair', 'retired') order by code`,
      );
      return rows;
    },

    async insertUsers(
      shoppers: readonly Shopper[],
      passwordHash: string,
      operator: { id: string; name: string; email: string; passwordHash: string; createdAt: Date },
    ): Promise<void> {
      const rows = [
        {
          id: operator.id,
          name: operator.name,
          email: operator.email,
          hash: operator.passwordHash,
          phone: '',
          address: '',
          role: 'admin',
          createdAt: operator.createdAt,
        },
        ...shoppers.map((s) => ({ ...s, hash: passwordHash, role: 'user' })),
      ];
      await insertMany(
        client,
        'users',
        [
          { name: 'id', type: 'uuid', value: (u) => u.id },
          { name: 'name', type: 'text', value: (u) => u.name },
          { name: 'email', type: 'text', value: (u) => u.email },
          { name: 'password_hash', type: 'text', value: (u) => u.hash },
          { name: 'phone', type: 'text', value: (u) => u.phone },
          { name: 'address', type: 'text', value: (u) => u.address },
          { name: 'role', type: 'user_role', value: (u) => u.role },
          { name: 'created_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
          { name: 'updated_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
        ],
        rows,
      );
    },

    /** Bookings and everything they made, table by table, parents first. */
    async insertBookings(rows: BookingRows, target: Target = client): Promise<void> {
      await insertMany(
        target,
        'bookings',
        [
          { name: 'id', type: 'uuid', value: (b) => b.id },
          { name: 'user_id', type: 'uuid', value: (b) => b.userId },
          { name: 'status', type: 'booking_status', value: (b) => b.status },
          { name: 'payment_status', type: 'payment_status', value: (b) => b.paymentStatus },
          { name: 'payment_method', type: 'text', value: (b) => b.paymentMethod },
          { name: 'payment_provider', type: 'text', value: (b) => b.paymentProvider },
          { name: 'provider_payment_id', type: 'text', value: (b) => b.providerPaymentId },
          { name: 'subtotal_paise', type: 'int', value: (b) => b.subtotalPaise },
          { name: 'discount_paise', type: 'int', value: (b) => b.discountPaise },
          { name: 'delivery_fee_paise', type: 'int', value: (b) => b.deliveryFeePaise },
          { name: 'insurance_selected', type: 'bool', value: (b) => b.insuranceSelected },
          { name: 'insurance_paise', type: 'int', value: (b) => b.insurancePaise },
          { name: 'total_paise', type: 'int', value: (b) => b.totalPaise },
          { name: 'coupon_code', type: 'text', value: (b) => b.couponCode },
          { name: 'delivery_address', type: 'jsonb', value: (b) => json(b.deliveryAddress) },
          { name: 'delivery_tracking', type: 'jsonb', value: (b) => json(b.deliveryTracking) },
          { name: 'expires_at', type: 'timestamptz', value: (b) => iso(b.expiresAt) },
          { name: 'confirmed_at', type: 'timestamptz', value: (b) => iso(b.confirmedAt) },
          { name: 'cancelled_at', type: 'timestamptz', value: (b) => iso(b.cancelledAt) },
          { name: 'delivered_at', type: 'timestamptz', value: (b) => iso(b.deliveredAt) },
          { name: 'created_at', type: 'timestamptz', value: (b) => iso(b.createdAt) },
          { name: 'updated_at', type: 'timestamptz', value: (b) => iso(b.updatedAt) },
        ],
        rows.bookings,
      );
      await insertMany(
        target,
        'booking_items',
        [
          { name: 'id', type: 'uuid', value: (i) => i.id },
          { name: 'booking_id', type: 'uuid', value: (i) => i.bookingId },
          { name: 'product_id', type: 'uuid', value: (i) => i.productId },
          { name: 'size', type: 'text', value: (i) => i.size },
          { name: 'duration_days', type: 'int', value: (i) => i.durationDays },
          { name: 'quantity', type: 'int', value: (i) => i.quantity },
          { name: 'start_date', type: 'date', value: (i) => i.startDate },
          { name: 'end_date', type: 'date', value: (i) => i.endDate },
          { name: 'applied_plan', type: 'text', value: (i) => i.appliedPlan },
          { name: 'original_price_paise', type: 'int', value: (i) => i.originalPricePaise },
          { name: 'discount_paise', type: 'int', value: (i) => i.discountPaise },
          { name: 'total_paise', type: 'int', value: (i) => i.totalPaise },
          { name: 'position', type: 'int', value: (i) => i.position },
        ],
        rows.items,
      );
      await insertMany(
        target,
        'unit_reservations',
        [
          { name: 'id', type: 'uuid', value: (r) => r.id },
          { name: 'unit_id', type: 'uuid', value: (r) => r.unitId },
          { name: 'booking_item_id', type: 'uuid', value: (r) => r.bookingItemId },
          { name: 'blocked_from', type: 'date', value: (r) => r.blockedFrom },
          { name: 'blocked_until', type: 'date', value: (r) => r.blockedUntil },
          { name: 'active', type: 'bool', value: (r) => r.active },
          { name: 'created_at', type: 'timestamptz', value: (r) => iso(r.createdAt) },
          { name: 'released_at', type: 'timestamptz', value: (r) => iso(r.releasedAt) },
          { name: 'dispatched_at', type: 'timestamptz', value: (r) => iso(r.dispatchedAt) },
          { name: 'returned_at', type: 'timestamptz', value: (r) => iso(r.returnedAt) },
          { name: 'returned_on', type: 'date', value: (r) => r.returnedOn ?? null },
          { name: 'condition', type: 'return_condition', value: (r) => r.condition ?? null },
        ],
        rows.reservations,
      );
      await insertMany(
        target,
        'sandbox_orders',
        [
          { name: 'id', type: 'text', value: (o) => o.id },
          { name: 'amount_paise', type: 'int', value: (o) => o.amountPaise },
          { name: 'currency', type: 'text', value: (o) => o.currency },
          { name: 'receipt', type: 'text', value: (o) => o.receipt },
          { name: 'notes', type: 'jsonb', value: (o) => json(o.notes) },
          { name: 'status', type: 'text', value: (o) => o.status },
          { name: 'attempts', type: 'int', value: (o) => o.attempts },
          { name: 'created_at', type: 'timestamptz', value: (o) => iso(o.createdAt) },
        ],
        rows.sandboxOrders,
      );
      await insertMany(
        target,
        'sandbox_payments',
        [
          { name: 'id', type: 'text', value: (p) => p.id },
          { name: 'order_id', type: 'text', value: (p) => p.orderId },
          { name: 'amount_paise', type: 'int', value: (p) => p.amountPaise },
          { name: 'currency', type: 'text', value: (p) => p.currency },
          { name: 'status', type: 'text', value: (p) => p.status },
          { name: 'method', type: 'text', value: (p) => p.method },
          { name: 'vpa', type: 'text', value: (p) => p.vpa },
          { name: 'card_last4', type: 'text', value: (p) => p.cardLast4 },
          { name: 'card_network', type: 'text', value: (p) => p.cardNetwork },
          { name: 'email', type: 'text', value: (p) => p.email },
          { name: 'contact', type: 'text', value: (p) => p.contact },
          { name: 'amount_refunded_paise', type: 'int', value: (p) => p.amountRefundedPaise },
          { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
        ],
        rows.sandboxPayments,
      );
      await insertMany(
        target,
        'sandbox_refunds',
        [
          { name: 'id', type: 'text', value: (r) => r.id },
          { name: 'payment_id', type: 'text', value: (r) => r.paymentId },
          { name: 'amount_paise', type: 'int', value: (r) => r.amountPaise },
          { name: 'idempotency_key', type: 'text', value: (r) => r.idempotencyKey },
          { name: 'notes', type: 'jsonb', value: (r) => json(r.notes) },
          { name: 'created_at', type: 'timestamptz', value: (r) => iso(r.createdAt) },
        ],
        rows.sandboxRefunds,
      );
      await insertMany(
        target,
        'payments',
        [
          { name: 'id', type: 'uuid', value: (p) => p.id },
          { name: 'user_id', type: 'uuid', value: (p) => p.userId },
          { name: 'purpose', type: 'payment_purpose', value: (p) => p.purpose },
          { name: 'booking_id', type: 'uuid', value: (p) => p.bookingId },
          { name: 'provider', type: 'text', value: (p) => p.provider },
          { name: 'provider_order_id', type: 'text', value: (p) => p.providerOrderId },
          { name: 'provider_payment_id', type: 'text', value: (p) => p.providerPaymentId },
          { name: 'amount_paise', type: 'int', value: (p) => p.amountPaise },
          { name: 'currency', type: 'text', value: (p) => p.currency },
          { name: 'status', type: 'payment_record_status', value: (p) => p.status },
          { name: 'method', type: 'text', value: (p) => p.method },
          { name: 'reconcile_at', type: 'timestamptz', value: (p) => iso(p.reconcileAt) },
          { name: 'reconcile_until', type: 'timestamptz', value: (p) => iso(p.reconcileUntil) },
          { name: 'reconcile_attempts', type: 'int', value: (p) => p.reconcileAttempts },
          { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
          { name: 'updated_at', type: 'timestamptz', value: (p) => iso(p.updatedAt) },
        ],
        rows.payments,
      );
      await insertMany(
        target,
        'captures',
        [
          { name: 'id', type: 'uuid', value: (c) => c.id },
          { name: 'order_id', type: 'uuid', value: (c) => c.orderId },
          { name: 'provider', type: 'text', value: (c) => c.provider },
          { name: 'provider_payment_id', type: 'text', value: (c) => c.providerPaymentId },
          { name: 'amount_paise', type: 'int', value: (c) => c.amountPaise },
          { name: 'currency', type: 'text', value: (c) => c.currency },
          { name: 'method', type: 'text', value: (c) => c.method },
          { name: 'outcome', type: 'capture_outcome', value: (c) => c.outcome },
          { name: 'applied_to', type: 'capture_target', value: (c) => c.appliedTo },
          { name: 'booking_id', type: 'uuid', value: (c) => c.bookingId },
          { name: 'decided_at', type: 'timestamptz', value: (c) => iso(c.decidedAt) },
        ],
        rows.captures,
      );
      // Each refund counts against its capture (the trigger of migration 0007 keeps the sum).
      await insertMany(
        target,
        'refunds',
        [
          { name: 'id', type: 'uuid', value: (r) => r.id },
          { name: 'payment_id', type: 'uuid', value: (r) => r.paymentId },
          { name: 'capture_id', type: 'uuid', value: (r) => r.captureId },
          { name: 'booking_id', type: 'uuid', value: (r) => r.bookingId },
          { name: 'provider_payment_id', type: 'text', value: (r) => r.providerPaymentId },
          { name: 'amount_paise', type: 'int', value: (r) => r.amountPaise },
          { name: 'reason', type: 'text', value: (r) => r.reason },
          { name: 'status', type: 'refund_status', value: (r) => r.status },
          { name: 'provider_refund_id', type: 'text', value: (r) => r.providerRefundId },
          { name: 'idempotency_key', type: 'text', value: (r) => r.idempotencyKey },
          { name: 'attempts', type: 'int', value: (r) => r.attempts },
          { name: 'next_attempt_at', type: 'timestamptz', value: (r) => iso(r.nextAttemptAt) },
          { name: 'created_at', type: 'timestamptz', value: (r) => iso(r.createdAt) },
          { name: 'processed_at', type: 'timestamptz', value: (r) => iso(r.processedAt) },
        ],
        rows.refunds,
      );
      await insertMany(
        target,
        'coupon_uses',
        [
          { name: 'id', type: 'uuid', value: (u) => u.id },
          { name: 'coupon_id', type: 'uuid', value: (u) => u.couponId },
          { name: 'user_id', type: 'uuid', value: (u) => u.userId },
          { name: 'booking_id', type: 'uuid', value: (u) => u.bookingId },
          { name: 'status', type: 'coupon_use_status', value: (u) => u.status },
          { name: 'discount_paise', type: 'int', value: (u) => u.discountPaise },
          { name: 'created_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
          { name: 'updated_at', type: 'timestamptz', value: (u) => iso(u.updatedAt) },
        ],
        rows.couponUses,
      );
      await insertMany(
        target,
        'booking_events',
        [
          { name: 'id', type: 'uuid', value: (e) => e.id },
          { name: 'booking_id', type: 'uuid', value: (e) => e.bookingId },
          { name: 'actor_id', type: 'uuid', value: (e) => e.actorId },
          { name: 'actor_email', type: 'text', value: (e) => e.actorEmail },
          { name: 'actor_role', type: 'text', value: (e) => e.actorRole },
          { name: 'action', type: 'text', value: (e) => e.action },
          { name: 'before', type: 'jsonb', value: (e) => json(e.before) },
          { name: 'after', type: 'jsonb', value: (e) => json(e.after) },
          { name: 'note', type: 'text', value: (e) => e.note },
          { name: 'created_at', type: 'timestamptz', value: (e) => iso(e.createdAt) },
        ],
        rows.bookingEvents,
      );
    },

    /**
     * The statements that write these bookings, or these units' rows, made now (giving way to
     * other work between tables) and run later by `run`: the next batch is made while the
     * database writes the last.
     */
    bookingStatements(rows: BookingRows): Promise<Statement[]> {
      return collect((target) => this.insertBookings(rows, target));
    },

    /**
     * The statements that write these reviews, one per ten thousand: migration 0022's trigger
     * counts each statement's reviews into product_ratings at once.
     */
    reviewStatements(reviews: readonly ReviewInsert[]): Promise<Statement[]> {
      return collect((target) =>
        insertMany(
          target,
          'reviews',
          [
            { name: 'id', type: 'uuid', value: (r) => r.id },
            { name: 'booking_item_id', type: 'uuid', value: (r) => r.bookingItemId },
            { name: 'booking_id', type: 'uuid', value: (r) => r.bookingId },
            { name: 'product_id', type: 'uuid', value: (r) => r.productId },
            { name: 'user_id', type: 'uuid', value: (r) => r.userId },
            { name: 'rating', type: 'int', value: (r) => r.rating },
            { name: 'fit', type: 'text', value: (r) => r.fit },
            { name: 'size_worn', type: 'text', value: (r) => r.sizeWorn },
            { name: 'height_cm', type: 'int', value: (r) => r.heightCm ?? null },
            { name: 'usual_size', type: 'text', value: (r) => r.usualSize ?? null },
            { name: 'occasion', type: 'text', value: (r) => r.occasion ?? null },
            { name: 'body', type: 'text', value: (r) => r.body ?? '' },
            { name: 'first_name', type: 'text', value: (r) => r.firstName },
            { name: 'city', type: 'text', value: (r) => r.city },
            { name: 'created_at', type: 'timestamptz', value: (r) => iso(r.createdAt) },
          ],
          reviews,
        ),
      );
    },

    unitStatements(rows: UnitRows): Promise<Statement[]> {
      return collect((target) => this.insertUnitRows(rows, target));
    },

    async run(statements: readonly Statement[]): Promise<void> {
      for (const { text, values } of statements) await client.query(text, values);
    },

    /** The units' history, and each unit's state now. */
    async insertUnitRows(rows: UnitRows, target: Target = client): Promise<void> {
      await insertMany(
        target,
        'unit_events',
        [
          { name: 'id', type: 'uuid', value: (e) => e.id },
          { name: 'unit_id', type: 'uuid', value: (e) => e.unitId },
          { name: 'from_state', type: 'unit_state', value: (e) => e.fromState },
          { name: 'to_state', type: 'unit_state', value: (e) => e.toState },
          { name: 'booking_id', type: 'uuid', value: (e) => e.bookingId },
          { name: 'actor_id', type: 'uuid', value: (e) => e.actorId },
          { name: 'actor_email', type: 'text', value: (e) => e.actorEmail },
          { name: 'actor_role', type: 'text', value: (e) => e.actorRole },
          { name: 'note', type: 'text', value: (e) => e.note },
          { name: 'created_at', type: 'timestamptz', value: (e) => iso(e.createdAt) },
        ],
        rows.unitEvents,
      );
      await updateUnitStates(target, rows.unitStates);
    },

    /** Fresh planner statistics for the tables just filled. */
    async analyze(): Promise<void> {
      await client.query('analyze');
    },

    /** Every API process drops its catalogue snapshot (as an operator's product write does). */
    async notifyCatalogueChanged(channel: string): Promise<void> {
      await client.query('select pg_notify($1, $2)', [channel, 'seed-scale']);
    },

    /**
     * This session's writes queue no change notification per row (migration 0014), and what they
     * change is told once, at the end, by `notifyEverythingChanged`.
     */
    async bulkLoad(): Promise<void> {
      await client.query("set pehnava.bulk_load = 'on'");
    },

    /** Every API process drops the answers it kept (decision 058). */
    async notifyEverythingChanged(): Promise<void> {
      await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, '*']);
    },

    async rowCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const table of COUNTED_TABLES) {
        counts[table] = await count(`select count(*) as n from "${table}"`);
      }
      return counts;
    },
  };
}

/** The statements `write` makes, kept instead of run. */
async function collect(write: (target: Target) => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = [];
  await write({
    async query(text, values) {
      statements.push({ text, values });
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  return statements;
}

async function updateUnitStates(client: Target, states: readonly UnitStateUpdate[]) {
  for (let from = 0; from < states.length; from += BATCH) {
    const batch = states.slice(from, from + BATCH);
    await client.query(
      `update product_units u set state = t.state, state_note = t.note,
         state_changed_at = t.changed_at, ready_on = t.ready_on
       from unnest($1::uuid[], $2::unit_state[], $3::text[], $4::timestamptz[], $5::date[])
         as t(id, state, note, changed_at, ready_on)
       where u.id = t.id`,
      [
        arrayLiteral(
          batch.map((s) => s.id),
          true,
        ),
        arrayLiteral(
          batch.map((s) => s.state),
          true,
        ),
        arrayLiteral(
          batch.map((s) => s.stateNote),
          false,
        ),
        arrayLiteral(
          batch.map((s) => s.stateChangedAt.toISOString()),
          true,
        ),
        arrayLiteral(
          batch.map((s) => s.readyOn),
          true,
        ),
      ],
    );
  }
}

export type ScaleRepository = ReturnType<typeof createScaleRepository>;
