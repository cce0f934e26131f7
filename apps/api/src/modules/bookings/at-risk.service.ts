import {
  AT_RISK_MESSAGES,
  BOOKING_MESSAGES,
  bookingNumber,
  formatRupees,
  paiseToRupees,
  listPriceFor,
  type AtRiskChoiceBody,
  type AtRiskChoices,
  type AtRiskLine,
  type Product,
  type RentalDuration,
} from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import type { BookingItemRow, BookingRow } from './bookings.repository.js';
import type { Actor, Cancellation } from './cancellation.service.js';
import type { Hold } from './inventory.repository.js';
import {
  bookingCancelledByShopMail,
  bookingCancelledMail,
  bookingPieceChangedMail,
} from './mails.js';
import { mailShopperAbout } from './shopper-mail.js';

export interface AtRiskDeps {
  repos: Repositories;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  cancellation: Pick<Cancellation, 'cancelPaidIn'>;
  settings: { siteUrl: string };
}

/** Statuses whose pieces have not left: the whole booking can still change, or be cancelled. */
const CHANGEABLE = new Set<BookingRow['status']>(['confirmed', 'processing']);
/**
 * Statuses of a booking with its shopper: a piece at risk there is a fit-window exchange not yet
 * sent, which may move to another size (not to another product, and nothing is cancelled).
 */
const SENT = new Set<BookingRow['status']>(['shipped', 'delivered']);

/** Other pieces offered for a line at most, and products looked at to find them. */
const PIECES_OFFERED = 4;
const PIECES_LOOKED_AT = 24;

/** Who makes the choice: the booking's shopper (only their own) or an operator. */
export type Chooser = { kind: 'shopper'; userId: string } | { kind: 'operator'; actor: Actor };

type Reads = Pick<Repositories, 'bookings' | 'inventory'>;

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * A booking at risk (issue [N]): a piece promised to it cannot be made ready and no other of its
 * size was free when that was found. Its choices (another size or other pieces of the size where
 * enough are free for the line's dates, another piece at no extra cost, or cancelling with a
 * full refund) are made by the shopper from the mail's link or by an operator, through one call:
 * each under the booking's lock, the moves through the reservations' exclusion constraint, the
 * refund through the payment intake's refund queue (cancellation.service.ts).
 */
export function createAtRisk({ repos, uow, catalogue, cancellation, settings }: AtRiskDeps) {
  const ordersUrl = `${settings.siteUrl}/orders`;

  /** Whether `count` pieces of the product in `size` are free over the hold's days. */
  async function freeFor(db: Reads, productId: string, size: string, hold: Hold, count: number) {
    const free = await db.inventory.freeUnits(
      productId,
      size,
      hold.blockedFrom,
      hold.blockedUntil,
      count,
    );
    return free.length >= count;
  }

  /**
   * Products a line could have instead at no extra cost: in stock in its size, of the same price
   * tier (a plan's benefit is by tier) and the same department (women's, men's, accessories),
   * costing no more for its length. The closest first: the same kind, then the nearest price.
   */
  function alternatives(snapshot: CatalogueSnapshot, product: Product, item: BookingItemRow) {
    const days = item.durationDays as RentalDuration;
    const price = listPriceFor(product, days);
    const valueOf = (p: Product, type: string) => p.filters.find((f) => f.type === type)?.value;
    const department = valueOf(product, 'category');
    const kind = valueOf(product, 'subCategory');
    return snapshot.products
      .filter(
        (other) =>
          other._id !== product._id &&
          other.isAvailable &&
          other.category === product.category &&
          valueOf(other, 'category') === department &&
          listPriceFor(other, days) <= price &&
          other.sizes.some((size) => size.size === item.size && size.available),
      )
      .sort(
        (a, b) =>
          Number(valueOf(b, 'subCategory') === kind) - Number(valueOf(a, 'subCategory') === kind) ||
          listPriceFor(b, days) - listPriceFor(a, days),
      );
  }

  /** The at-risk lines of a booking with their choices, as they stand in `db`. */
  async function linesOf(
    db: Reads,
    booking: BookingRow,
    snapshot: CatalogueSnapshot,
    origin: string,
  ): Promise<AtRiskLine[]> {
    const image = (product: Product) =>
      product.images[0] ? absoluteImageUrl(product.images[0], origin) : null;
    if (!CHANGEABLE.has(booking.status) && !SENT.has(booking.status)) return [];
    const exchange = SENT.has(booking.status);
    const holds = await db.inventory.holdsOfBooking(booking.id);
    const atRisk = holds.filter((hold) => hold.atRiskSince && !hold.dispatchedAt);
    if (atRisk.length === 0) return [];
    const items = await db.bookings.itemsOf([booking.id]);
    const lines: AtRiskLine[] = [];
    for (const item of items) {
      const own = atRisk.filter((hold) => hold.itemId === item.id);
      const product = findProduct(snapshot, item.productId);
      if (own.length === 0 || !product) continue;
      const first = own[0]!;
      // An exchange's size is its pieces' own (the line keeps the size first sent).
      const lineSize = exchange ? first.size : item.size;
      const sizes = [];
      for (const size of product.sizes) {
        // Its own size: other pieces for the ones at risk; another size: the whole line moves
        // (an exchange: only its pieces not yet sent).
        const count = size.size === lineSize || exchange ? own.length : item.quantity;
        const free = size.available && (await freeFor(db, product._id, size.size, first, count));
        sizes.push({ size: size.size, free });
      }
      const pieces = [];
      const others = exchange ? [] : alternatives(snapshot, product, item);
      for (const other of others.slice(0, PIECES_LOOKED_AT)) {
        if (pieces.length === PIECES_OFFERED) break;
        if (!(await freeFor(db, other._id, item.size, first, item.quantity))) continue;
        pieces.push({
          _id: other._id,
          productId: other.productId,
          name: other.name,
          image: image(other),
        });
      }
      lines.push({
        itemId: item.id,
        productId: product.productId,
        name: product.name,
        image: image(product),
        size: lineSize,
        quantity: item.quantity,
        startDate: item.startDate,
        endDate: item.endDate,
        unitCodes: own.map((hold) => hold.unitCode),
        sizes,
        pieces,
      });
    }
    return lines;
  }

  async function choicesOf(db: Reads, booking: BookingRow, origin: string): Promise<AtRiskChoices> {
    const lines = await linesOf(db, booking, await catalogue.snapshot(), origin);
    const cancellable = lines.length > 0 && CHANGEABLE.has(booking.status);
    return {
      bookingId: booking.id,
      bookingNumber: bookingNumber(booking.id),
      status: booking.status,
      lines,
      cancellable,
      refund: cancellable ? paiseToRupees(booking.totalPaise) : 0,
    };
  }

  /** The booking when `chooser` may see it: any for an operator, their own for a shopper. */
  function visibleTo(booking: BookingRow | undefined, chooser: Chooser) {
    if (!booking || (chooser.kind === 'shopper' && booking.userId !== chooser.userId)) {
      throw notFound(BOOKING_MESSAGES.bookingNotFound);
    }
    return booking;
  }

  /**
   * Move each hold to a free unit of the product in `size`, in `tx`; a hold no unit can take
   * throws `refusal` (a 409), and the transaction undoes every move before it.
   */
  async function moveAll(
    tx: Repositories,
    holds: Hold[],
    productId: string,
    size: string,
    refusal: string,
  ) {
    const taken = new Set<string>();
    for (const hold of holds) {
      const candidates = await tx.inventory.freeUnits(
        productId,
        size,
        hold.blockedFrom,
        hold.blockedUntil,
      );
      let moved = false;
      for (const unitId of candidates) {
        if (taken.has(unitId) || unitId === hold.unitId) continue;
        if (await tx.inventory.moveHold(hold, unitId)) {
          taken.add(unitId);
          moved = true;
          break;
        }
      }
      if (!moved) throw conflict(refusal);
    }
  }

  return {
    /** GET /api/booking/{id}/at-risk (the shopper's own) and /api/admin/bookings/{id}/at-risk. */
    async choices(bookingId: string, chooser: Chooser, origin: string): Promise<AtRiskChoices> {
      const booking = visibleTo(await repos.bookings.findBooking(bookingId), chooser);
      return choicesOf(repos, booking, origin);
    },

    /** POST /api/booking/{id}/at-risk and /api/admin/bookings/{id}/at-risk. */
    async choose(
      bookingId: string,
      chooser: Chooser,
      body: AtRiskChoiceBody,
      origin: string,
    ): Promise<{ message: string; choices: AtRiskChoices }> {
      const snapshot = await catalogue.snapshot();
      const message = await uow.run(async (tx) => {
        const booking = visibleTo(await tx.bookings.lockBooking(bookingId), chooser);
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.alreadyCancelled);
        if (booking.status === 'pending') throw conflict(AT_RISK_MESSAGES.notPaid);
        const exchange = SENT.has(booking.status);
        if (!CHANGEABLE.has(booking.status) && !exchange) {
          throw conflict(AT_RISK_MESSAGES.tooLate(booking.status));
        }
        const holds = await tx.inventory.holdsOfBooking(booking.id);
        const atRisk = holds.filter((hold) => hold.atRiskSince && !hold.dispatchedAt);
        const shopper = booking.userId ? await tx.users.findById(booking.userId) : undefined;
        const actor: Actor =
          chooser.kind === 'operator'
            ? chooser.actor
            : { id: chooser.userId, email: shopper?.email ?? '', role: 'shopper' };

        if (body.choice === 'cancel') {
          if (atRisk.length === 0) throw conflict(AT_RISK_MESSAGES.notAtRisk);
          if (exchange) throw conflict(AT_RISK_MESSAGES.tooLate(booking.status));
          const reason = 'a piece could not be made ready in time';
          await cancellation.cancelPaidIn(tx, booking, {
            actor,
            from: ['confirmed', 'processing'],
            reason,
            mail: (amountPaise) =>
              shopper &&
              (chooser.kind === 'shopper'
                ? bookingCancelledMail(
                    recipientOf(shopper),
                    { _id: booking.id },
                    amountPaise,
                    ordersUrl,
                  )
                : bookingCancelledByShopMail(
                    recipientOf(shopper),
                    { _id: booking.id },
                    amountPaise,
                    'piece-not-ready',
                    ordersUrl,
                  )),
          });
          return booking.totalPaise > 0
            ? AT_RISK_MESSAGES.cancelled(rupees(booking.totalPaise))
            : AT_RISK_MESSAGES.cancelledFree;
        }

        if (!body.itemId) throw badRequest(AT_RISK_MESSAGES.itemNotFound);
        const items = await tx.bookings.itemsOf([booking.id]);
        const item = items.find((line) => line.id === body.itemId!.toLowerCase());
        if (!item) throw notFound(AT_RISK_MESSAGES.itemNotFound);
        const own = atRisk.filter((hold) => hold.itemId === item.id);
        if (own.length === 0) throw conflict(AT_RISK_MESSAGES.notAtRisk);
        const product = findProduct(snapshot, item.productId);
        if (!product) throw conflict(AT_RISK_MESSAGES.notAtRisk);
        // Every piece of the line not yet sent moves, unless only other pieces of its size are asked.
        const whole = holds.filter((hold) => hold.itemId === item.id && !hold.dispatchedAt);
        const lineSize = exchange ? own[0]!.size : item.size;

        let said: string;
        let after: { productId: string; size: string };
        if (body.choice === 'size') {
          if (!body.size) throw badRequest(AT_RISK_MESSAGES.sizeNeeded);
          const size = product.sizes.find((s) => s.size === body.size && s.available)?.size;
          if (!size) throw badRequest(AT_RISK_MESSAGES.sizeUnknown(body.size));
          const moving = size === lineSize || exchange ? own : whole;
          await moveAll(tx, moving, product._id, size, AT_RISK_MESSAGES.sizeNotFree(size));
          after = { productId: product._id, size };
          said = AT_RISK_MESSAGES.movedToSize(size);
        } else {
          if (!body.productId) throw badRequest(AT_RISK_MESSAGES.productNeeded);
          if (exchange) throw badRequest(AT_RISK_MESSAGES.pieceNotOffered);
          const other = findProduct(snapshot, body.productId);
          if (!other || !alternatives(snapshot, product, item).some((p) => p._id === other._id)) {
            throw badRequest(AT_RISK_MESSAGES.pieceNotOffered);
          }
          await moveAll(tx, whole, other._id, item.size, AT_RISK_MESSAGES.pieceNotFree);
          after = { productId: other._id, size: item.size };
          said = AT_RISK_MESSAGES.movedToPiece(other.name, item.size);
        }
        if (exchange) {
          // The line keeps the size first sent; the exchange's report says what it now sends.
          if (after.size !== lineSize) await tx.reports.setExchangeSize(item.id, after.size);
        } else if (after.productId !== item.productId || after.size !== item.size) {
          await tx.bookings.changeItemPiece(booking.id, item.id, after);
        }
        await tx.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'at-risk',
          before: { itemId: item.id, productId: item.productId, size: lineSize },
          after: { itemId: item.id, choice: body.choice, ...after },
        });
        await mailShopperAbout(tx, settings.siteUrl, booking, 'booking-piece-changed', (to, view) =>
          bookingPieceChangedMail(to, view, item.id, ordersUrl),
        );
        return said;
      });
      const booking = (await repos.bookings.findBooking(bookingId))!;
      return { message, choices: await choicesOf(repos, booking, origin) };
    },
  };
}

export type AtRisk = ReturnType<typeof createAtRisk>;
