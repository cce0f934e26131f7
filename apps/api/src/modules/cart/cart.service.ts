import {
  MESSAGES,
  addDays,
  durationForPlan,
  isIsoDate,
  orderTotals,
  paiseToRupees,
  priceCart,
  rupeesToPaise,
  todayInIndia,
  cartResponseSchema,
  type AddToCartBody,
  type CartEntry,
  type CartLineInput,
  type CartResponse,
  type Product,
  type RemoveFromCartBody,
  type Subscription,
} from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import { lazilyEncodedBody, type EncodedBody } from '../../lib/encoded-body.js';
import { withImageOrigin } from '../../lib/image-urls.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { Inventory } from '../bookings/inventory.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import {
  subscriptionFrom,
  type SubscriptionsService,
} from '../subscriptions/subscriptions.service.js';
import type { AccountRow } from '../users/users.repository.js';
import type { CartAnswers } from './cart-answers.js';
import type { CartItemRow, CartRead, CartRepository } from './cart.repository.js';
import { checkRental, isRentalDuration } from './rental-request.js';

export interface CartServiceDeps {
  repository: CartRepository;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  /**
   * Whether a piece is free for a rental, and the days a rental keeps one (the bookings module
   * owns reservations).
   */
  inventory: Pick<Inventory, 'hasFreeUnit' | 'days'>;
  clock: Clock;
  /** The cart view's reads kept in memory (cart-answers.ts); without it every view reads afresh. */
  answers?: Pick<CartAnswers, 'read'>;
}

/** The shopper's cart as the server prices it. Money in rupees. */
export interface CurrentCart {
  entries: CartEntry[];
  /** Sum of priceAtTime × quantity. */
  total: number;
  /** The plan in effect now (it decides the delivery fee). */
  subscription: Subscription;
}

type CartView = Omit<CartResponse, 'success'>;

/** Origins whose cart answers are kept per read (one in production, where PUBLIC_URL is set). */
const ORIGINS_KEPT = 4;

/** A stored row with its product, or nothing when the product is gone from the catalogue. */
function withProduct<Row extends CartItemRow>(row: Row, byId: Map<string, Product>) {
  const product = byId.get(row.productId);
  return product && isRentalDuration(row.durationDays)
    ? { row, product, duration: row.durationDays }
    : undefined;
}

export function createCartService({
  repository,
  catalogue,
  subscriptions,
  inventory,
  clock,
  answers,
}: CartServiceDeps) {
  /** Rows in cart order joined to their products; rows whose product no longer exists are skipped. */
  async function lines(userId: string) {
    const [rows, snapshot] = await Promise.all([
      repository.listItems(userId),
      catalogue.snapshot(),
    ]);
    return rows.flatMap((row) => withProduct(row, snapshot.byId) ?? []);
  }

  /**
   * The cart as stored (one statement, with the account) and the catalogue snapshot to join it
   * to. `kept`: the read may come from memory (the cart view only; what money is decided on is
   * read afresh).
   */
  async function readStored(userId: string, kept: boolean) {
    const now = clock.now();
    const fresh = () => repository.readCart(userId, now, inventory.days);
    const [stored, snapshot] = await Promise.all([
      kept && answers ? answers.read(userId, now, fresh) : fresh(),
      catalogue.snapshot(),
    ]);
    return { stored, snapshot };
  }

  /** A stored cart priced: its lines joined to their products (gone ones left out) and total. */
  function priced(stored: CartRead, snapshot: CatalogueSnapshot): CurrentCart {
    const known = stored.items.flatMap((row) => withProduct(row, snapshot.byId) ?? []);
    let totalPaise = 0;
    const entries = known.map(({ row, product, duration }): CartEntry => {
      totalPaise += row.pricePaise * row.quantity;
      return {
        product,
        size: row.size,
        duration,
        quantity: row.quantity,
        startDate: row.startDate,
        endDate: row.endDate,
        priceAtTime: paiseToRupees(row.pricePaise),
        datesAvailable: row.datesAvailable,
      };
    });
    return {
      entries,
      total: paiseToRupees(totalPaise),
      subscription: subscriptionFrom(stored.plan),
    };
  }

  /** The view: the entries, their total and the delivery fee for the plan in effect. */
  function viewOf({ entries, total, subscription }: CurrentCart): CartView {
    const totals = orderTotals({ plan: subscription.plan, subtotal: total, insurance: false });
    return {
      cart: entries,
      total: totals.subtotal,
      deliveryFee: totals.deliveryFee,
      totalWithDelivery: totals.total,
    };
  }

  /**
   * GET /api/cart's answers, serialized and compressed, kept with the stored read they were made
   * from (while cart-answers.ts keeps that read, the same object comes back) and the catalogue
   * snapshot they joined: by origin, as image addresses are absolute (decision 025).
   */
  const encodedAnswers = new WeakMap<
    CartRead,
    { snapshot: CatalogueSnapshot; byOrigin: Map<string, EncodedBody> }
  >();

  async function viewWithAccount(
    userId: string,
  ): Promise<{ account: AccountRow | undefined; data: CartView }> {
    const { stored, snapshot } = await readStored(userId, true);
    return { account: stored.account, data: viewOf(priced(stored, snapshot)) };
  }

  async function answerWithAccount(
    userId: string,
    origin: string,
  ): Promise<{ account: AccountRow | undefined; data: EncodedBody }> {
    const { stored, snapshot } = await readStored(userId, true);
    let made = encodedAnswers.get(stored);
    if (!made || made.snapshot !== snapshot) {
      made = { snapshot, byOrigin: new Map() };
      encodedAnswers.set(stored, made);
    }
    let body = made.byOrigin.get(origin);
    if (!body) {
      const view = viewOf(priced(stored, snapshot));
      // Checked against the contract once, as the route's serializer would on every answer.
      const answer = cartResponseSchema.parse({
        success: true,
        ...view,
        cart: view.cart.map((entry) => ({
          ...entry,
          product: withImageOrigin(entry.product, origin),
        })),
      });
      // Brotli at the per-request level: a read not kept (CART_CACHE_ENTRIES=0, LISTEN down) is
      // encoded for one answer, and a kept one is a few kilobytes either way.
      body = lazilyEncodedBody(Buffer.from(JSON.stringify(answer)), 3);
      if (made.byOrigin.size < ORIGINS_KEPT) made.byOrigin.set(origin, body);
    }
    return { account: stored.account, data: body };
  }

  return {
    /** The shopper's own cart, priced as stored (coupons apply to this total). */
    async current(userId: string): Promise<CurrentCart> {
      const { stored, snapshot } = await readStored(userId, false);
      return priced(stored, snapshot);
    },

    /** The entries, their total and the delivery fee for the current plan. */
    async view(userId: string): Promise<CartView> {
      return (await viewWithAccount(userId)).data;
    },

    /**
     * GET /api/cart: the view, read in one statement with the account, for the session check
     * (plugins/auth.ts `reading`).
     */
    viewWithAccount,

    /**
     * GET /api/cart as sent: the view with absolute image addresses for `origin`, serialized and
     * compressed once per change of the cart or the catalogue, and the account read with it.
     */
    answerWithAccount,

    /**
     * After a plan change, in the caller's transaction (`cartRepository` bound to it): every line
     * takes the length the new plan rents for (Plus and Pro: 14 days; back on Free a line keeps
     * its length) and is priced again for the plan, its limit counted in cart order, as add does.
     */
    async repriceIn(
      cartRepository: CartRepository,
      userId: string,
      subscription: Subscription,
      /** Read before the transaction began: reading it inside could wait on that transaction. */
      snapshot: Pick<CatalogueSnapshot, 'byId'>,
    ): Promise<void> {
      const rows = await cartRepository.listItems(userId);
      const known = rows.flatMap((row) => withProduct(row, snapshot.byId) ?? []);
      const planned = known.map((line) => ({
        ...line,
        duration: durationForPlan(subscription.plan, line.duration),
      }));
      const priced = priceCart(
        planned.map((line) => ({
          product: line.product,
          duration: line.duration,
          quantity: line.row.quantity,
        })),
        subscription,
      );
      for (const [index, line] of planned.entries()) {
        const price = priced.lines[index]!;
        const unitPrice = price.planQuantity > 0 ? price.unitPrice : price.limitUnitPrice;
        const next = {
          durationDays: line.duration,
          endDate: addDays(line.row.startDate, line.duration),
          pricePaise: rupeesToPaise(unitPrice),
        };
        if (
          next.durationDays !== line.row.durationDays ||
          next.endDate !== line.row.endDate ||
          next.pricePaise !== line.row.pricePaise
        ) {
          await cartRepository.reprice(line.row.id, next);
        }
      }
    },

    /**
     * Add one unit of a product, checked in SPEC.md §5's order, with the duration and the price
     * the server decides: plus and pro always rent for 14 days, and the price is the plan price of
     * this line after the lines already in the cart (the rental limit counts those first).
     */
    async add(userId: string, body: AddToCartBody): Promise<void> {
      const [snapshot, subscription] = await Promise.all([
        catalogue.snapshot(),
        subscriptions.mySubscription(userId),
      ]);
      const { product, size, duration, startDate, endDate } = checkRental(
        snapshot.byId.get(body.productId.trim().toLowerCase()),
        body,
        { today: todayInIndia(clock.now()), plan: subscription.plan },
      );
      const existing = await lines(userId);

      if (existing.some((line) => line.row.productId === product._id)) {
        throw conflict(MESSAGES.alreadyInCart);
      }

      const free = await inventory.hasFreeUnit(product._id, size, { startDate, endDate });
      if (!free) throw conflict(MESSAGES.noUnitFree);

      const cartLines: CartLineInput[] = [
        ...existing.map((line) => ({
          product: line.product,
          duration: line.duration,
          quantity: line.row.quantity,
        })),
        { product, duration, quantity: 1 },
      ];
      const added = priceCart(cartLines, subscription).lines.at(-1)!;
      const unitPrice = added.planQuantity > 0 ? added.unitPrice : added.limitUnitPrice;

      const inserted = await repository.insertItem({
        userId,
        productId: product._id,
        size,
        durationDays: duration,
        startDate,
        endDate,
        pricePaise: rupeesToPaise(unitPrice),
      });
      // Another request added the same product between the check above and this insert.
      if (!inserted) throw conflict(MESSAGES.alreadyInCart);
    },

    /**
     * Remove the shopper's line for this product. A cart holds one line per product, so the
     * product is enough; a size, duration or start date given must match the line.
     */
    async remove(userId: string, productId: string, body: RemoveFromCartBody): Promise<void> {
      const { size, duration, startDate } = body ?? {};
      // No line has an impossible start date (nor may one reach SQL).
      const removed =
        (startDate === undefined || isIsoDate(startDate)) &&
        (await repository.removeItem(userId, {
          productId,
          ...(size === undefined ? {} : { size }),
          ...(duration === undefined ? {} : { durationDays: duration }),
          ...(startDate === undefined ? {} : { startDate }),
        }));
      if (!removed) throw notFound(MESSAGES.notInCart);
    },

    clear: (userId: string): Promise<void> => repository.clear(userId),
  };
}

export type CartService = ReturnType<typeof createCartService>;
