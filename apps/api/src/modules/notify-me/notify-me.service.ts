import {
  NOTIFY_ME_MESSAGES,
  MAX_OPEN_NOTIFY_REQUESTS,
  SOONEST_START_DAYS,
  addDays,
  todayInIndia,
  type NotifyMeBody,
  type NotifyRequest,
} from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { Inventory } from '../bookings/inventory.js';
import { checkRental } from '../cart/rental-request.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { notifyMeFreeMail } from './mails.js';
import type { NotifyRequestRow } from './notify-me.repository.js';
import { queueNotifyMe } from '../whatsapp/booking-updates.js';

/** Requests the job asks about per run. */
export const NOTIFY_ME_BATCH = 200;
/** The most requests a shopper's list shows. */
const LISTED = 50;

export interface NotifyMeDeps {
  repos: Pick<Repositories, 'notifyMe'>;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  inventory: Pick<Inventory, 'hasFreeUnit'>;
  clock: Clock;
  settings: { siteUrl: string };
}

/**
 * 'Notify me' (issue [O] §5; DECISIONS.md 'Notify me'; decision 070): a shopper asks to be told
 * when a size is free for a start date and length that are taken now; a job asks, request by
 * request, whether a piece has come free (by a cancellation, an early return, a new unit, a lifted
 * block: whatever freed it), and writes one e-mail through the outbox in the transaction that
 * closes the request, so two processes never send it twice.
 */
export function createNotifyMe({
  repos,
  uow,
  catalogue,
  subscriptions,
  inventory,
  clock,
  settings,
}: NotifyMeDeps) {
  const today = () => todayInIndia(clock.now());

  /** The product page with the size and dates chosen. */
  const linkOf = (
    row: Pick<NotifyRequestRow, 'productId' | 'size' | 'startDate' | 'durationDays'>,
  ) =>
    `${settings.siteUrl}/product/${row.productId}?${new URLSearchParams({
      size: row.size,
      start: row.startDate,
      days: String(row.durationDays),
    }).toString()}`;

  function view(row: NotifyRequestRow, snapshot: CatalogueSnapshot, origin: string): NotifyRequest {
    const product = findProduct(snapshot, row.productId);
    return {
      _id: row.id,
      productId: row.productId,
      product: {
        productId: product?.productId ?? '',
        name: product?.name ?? 'A piece no longer in the catalogue',
        image: product?.images[0] ? absoluteImageUrl(product.images[0], origin) : '',
      },
      size: row.size,
      startDate: row.startDate,
      duration: row.durationDays,
      endDate: addDays(row.startDate, row.durationDays),
      // Cancelled requests are never shown (the list leaves them out).
      status: row.status as NotifyRequest['status'],
      createdAt: row.createdAt.toISOString(),
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      link: linkOf(row),
    };
  }

  return {
    /**
     * POST /api/notify-me: checked as cart add checks a rental, then refused while a piece is
     * free (book it instead); the same request open already is answered as it stands. At most
     * MAX_OPEN_NOTIFY_REQUESTS open, counted under the shopper's row lock.
     */
    async create(
      userId: string,
      body: NotifyMeBody,
      origin: string,
    ): Promise<{ created: boolean; message: string; request: NotifyRequest }> {
      const [snapshot, subscription] = await Promise.all([
        catalogue.snapshot(),
        subscriptions.mySubscription(userId),
      ]);
      const day = today();
      const rental = checkRental(findProduct(snapshot, body.productId), body, {
        today: day,
        plan: subscription.plan,
      });
      const earliest = addDays(day, SOONEST_START_DAYS);
      if (rental.startDate < earliest) throw badRequest(NOTIFY_ME_MESSAGES.tooSoon(earliest));
      const ask = {
        userId,
        productId: rental.product._id,
        size: rental.size,
        startDate: rental.startDate,
        durationDays: rental.duration,
      };
      const free = await inventory.hasFreeUnit(ask.productId, ask.size, rental);
      if (free) throw conflict(NOTIFY_ME_MESSAGES.freeNow);

      const { row, created } = await uow.run(async (tx) => {
        await tx.users.lockForMoney(userId);
        const open = await tx.notifyMe.findOpen(ask);
        if (open) return { row: open, created: false };
        if ((await tx.notifyMe.openCount(userId)) >= MAX_OPEN_NOTIFY_REQUESTS) {
          throw conflict(NOTIFY_ME_MESSAGES.tooMany);
        }
        const inserted = await tx.notifyMe.insert(ask, clock.now());
        if (!inserted) throw conflict(NOTIFY_ME_MESSAGES.alreadyAsked);
        return { row: inserted, created: true };
      });
      return {
        created,
        message: created ? NOTIFY_ME_MESSAGES.created : NOTIFY_ME_MESSAGES.alreadyAsked,
        request: view(row, snapshot, origin),
      };
    },

    /** GET /api/notify-me. */
    async list(userId: string, origin: string): Promise<NotifyRequest[]> {
      const [snapshot, rows] = await Promise.all([
        catalogue.snapshot(),
        repos.notifyMe.listOf(userId, LISTED),
      ]);
      return rows.map((row) => view(row, snapshot, origin));
    },

    /** DELETE /api/notify-me/{id}: another shopper's is not found; cancelling twice is fine. */
    async cancel(userId: string, id: string): Promise<string> {
      if (await repos.notifyMe.cancel(userId, id, clock.now())) return NOTIFY_ME_MESSAGES.cancelled;
      const row = await repos.notifyMe.findOwn(userId, id);
      if (!row) throw notFound(NOTIFY_ME_MESSAGES.notFound);
      return row.status === 'cancelled'
        ? NOTIFY_ME_MESSAGES.cancelled
        : `It is ${row.status === 'notified' ? 'already e-mailed' : 'expired'}: nothing to cancel`;
    },

    /**
     * The job: requests whose start date is too soon to deliver for close as expired; then the
     * next batch is asked about, and each whose size has a piece free now is closed and its
     * e-mail written, in one transaction. Returns the e-mails written.
     */
    async notifyDue(): Promise<number> {
      const now = clock.now();
      await repos.notifyMe.expireBefore(addDays(today(), SOONEST_START_DAYS), now);
      const rows = await repos.notifyMe.takeToCheck(NOTIFY_ME_BATCH, now);
      if (rows.length === 0) return 0;
      const snapshot = await catalogue.snapshot();
      let sent = 0;
      for (const row of rows) {
        const product = findProduct(snapshot, row.productId);
        if (!product?.isAvailable || !product.sizes.find((s) => s.size === row.size)?.available) {
          continue;
        }
        const rental = {
          startDate: row.startDate,
          endDate: addDays(row.startDate, row.durationDays),
        };
        if (!(await inventory.hasFreeUnit(row.productId, row.size, rental))) continue;
        const wrote = await uow.run(async (tx) => {
          const closed = await tx.notifyMe.markNotified(row.id, clock.now());
          if (!closed) return false;
          const user = await tx.users.findById(row.userId);
          if (!user) return false;
          await queueNotifyMe(tx, row, product.name, linkOf(row));
          await tx.outbox.enqueue(
            'notify-me-free',
            notifyMeFreeMail(recipientOf(user), {
              productName: product.name,
              size: row.size,
              startDate: row.startDate,
              durationDays: row.durationDays,
              link: linkOf(row),
            }),
          );
          return true;
        });
        if (wrote) sent += 1;
      }
      return sent;
    },
  };
}

export type NotifyMe = ReturnType<typeof createNotifyMe>;
