import {
  BOOKING_MESSAGES,
  FIT_MESSAGES,
  REVIEWS_PAGE_SIZE,
  REVIEW_PHOTOS_MAX,
  REVIEW_MESSAGES,
  averageRating,
  type AdminReview,
  type Review,
  type ReviewBody,
  type ReviewFit,
  type ReviewSummary,
  type Occasion,
} from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { ImageUploads } from '../catalogue/image-uploads.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { reviewHiddenMail } from './mails.js';
import type { ReviewRow } from './reviews.repository.js';

/** Reviews the console lists per page. */
const ADMIN_PAGE_SIZE = 25;
/** A size hint speaks for at least this many renters who gave their usual size. */
const SIZE_HINT_RENTERS = 3;

export interface ReviewsDeps {
  repos: Pick<Repositories, 'reviews' | 'users'>;
  uow: UnitOfWork;
  /** The image pipeline: a review photo checked, stripped and stored (decision 071). */
  images: Pick<ImageUploads, 'reviewPhoto'>;
  /**
   * The snapshot, for products' names; dropped after a review is written, hidden or shown again,
   * so this process's cards carry the new rating at once (migration 0022's trigger raised the
   * catalogue's change mark and tells the other processes).
   */
  catalogue: Pick<CatalogueService, 'snapshot' | 'invalidate'>;
  clock: Clock;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'A renter';

/** One decimal, as the product page and cards show it. */
const averageOf = (sum: number, n: number) => (n === 0 ? null : averageRating(sum, n));

/**
 * 'Most renters who usually wear M took M': the usual size most reviewers gave, and the size most
 * of them wore; none until enough renters gave their usual size.
 */
export function sizeHintOf(sizes: { usual: string; worn: string; n: number }[]): string | null {
  const byUsual = new Map<string, { total: number; worn: Map<string, number> }>();
  for (const { usual, worn, n } of sizes) {
    const entry = byUsual.get(usual) ?? { total: 0, worn: new Map<string, number>() };
    entry.total += n;
    entry.worn.set(worn, (entry.worn.get(worn) ?? 0) + n);
    byUsual.set(usual, entry);
  }
  const [usual, entry] =
    [...byUsual.entries()].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]))[0] ??
    [];
  if (!usual || !entry || entry.total < SIZE_HINT_RENTERS) return null;
  const [took] = [...entry.worn.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0]!;
  return `Most renters who usually wear ${usual} took ${took}`;
}

/**
 * Reviews with fit (issue [O] §1; DECISIONS.md 'Reviews and fit'; decision 071): written by the
 * shopper of a booking line once it is back (once per line), read with a summary of the piece's
 * fit; operators hide and show them, the author told why by mail. Hidden reviews count nowhere.
 */
export function createReviews({ repos, uow, images, catalogue, clock }: ReviewsDeps) {
  function view(row: ReviewRow, origin: string): Review {
    return {
      _id: row.id,
      productId: row.productId,
      rating: row.rating,
      fit: row.fit as ReviewFit,
      sizeWorn: row.sizeWorn,
      heightCm: row.heightCm,
      usualSize: row.usualSize,
      occasion: row.occasion as Occasion | null,
      text: row.body,
      photos: row.photos.map((url) => absoluteImageUrl(url, origin)),
      firstName: row.firstName,
      city: row.city,
      helpful: row.helpful,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function adminView(
    row: ReviewRow,
    authorEmail: string | null,
    origin: string,
  ): Promise<AdminReview> {
    const product = findProduct(await catalogue.snapshot(), row.productId);
    return {
      ...view(row, origin),
      product: { productId: product?.productId ?? '', name: product?.name ?? '' },
      bookingId: row.bookingId,
      authorEmail,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      hiddenReason: row.hiddenReason,
    };
  }

  return {
    /**
     * POST /api/booking/{id}/items/{itemId}/review: only the booking's shopper, only once every
     * piece sent for the line is back, once per line (the unique key has the last word).
     */
    async create(
      userId: string,
      bookingId: string,
      itemId: string,
      body: ReviewBody,
      origin: string,
    ): Promise<Review> {
      const row = await uow.run(async (tx) => {
        const booking = await tx.bookings.findBooking(bookingId);
        if (!booking || booking.userId !== userId) {
          throw notFound(BOOKING_MESSAGES.bookingNotFound);
        }
        const item = (await tx.bookings.itemsOf([booking.id])).find((i) => i.id === itemId);
        if (!item) throw notFound(FIT_MESSAGES.itemNotFound);
        const sent = item.pieces.filter((piece) => piece.dispatchedAt);
        if (sent.length === 0 || sent.some((piece) => !piece.returnedAt)) {
          throw conflict(REVIEW_MESSAGES.notBack);
        }
        const shopper = await tx.users.findById(userId);
        const inserted = await tx.reviews.insert({
          bookingItemId: item.id,
          bookingId: booking.id,
          productId: item.productId,
          userId,
          rating: body.rating,
          fit: body.fit,
          sizeWorn: body.sizeWorn ?? item.size,
          heightCm: body.heightCm ?? null,
          usualSize: body.usualSize ?? null,
          occasion: body.occasion ?? null,
          body: body.text ?? '',
          photos: [],
          firstName: firstNameOf(shopper?.name ?? ''),
          city: booking.deliveryAddress.city,
          createdAt: clock.now(),
        });
        if (!inserted) throw conflict(REVIEW_MESSAGES.already);
        return inserted;
      });
      catalogue.invalidate();
      return view(row, origin);
    },

    /**
     * POST /api/review/{reviewId}/photos: a photo for the shopper's own review, up to 3; checked
     * and stored before it is added (a photo refused is a 422 and changes nothing).
     */
    async addPhoto(userId: string, reviewId: string, data: Buffer, origin: string) {
      const review = await repos.reviews.findById(reviewId);
      if (!review || review.userId !== userId) throw notFound(REVIEW_MESSAGES.notFound);
      if (review.photos.length >= REVIEW_PHOTOS_MAX) throw conflict(REVIEW_MESSAGES.photosFull);
      const url = await images.reviewPhoto(data);
      const row = await repos.reviews.addPhoto(reviewId, userId, url, REVIEW_PHOTOS_MAX);
      if (!row) throw conflict(REVIEW_MESSAGES.photosFull);
      return { message: REVIEW_MESSAGES.photoAdded, review: view(row, origin) };
    },

    /** GET /api/product/{id}/reviews: a page, and the whole piece's summary. */
    async pageOf(
      idOrCode: string,
      query: { page: number; sort: 'recent' | 'helpful'; fit?: ReviewFit | undefined },
      origin: string,
    ) {
      const product = findProduct(await catalogue.snapshot(), idOrCode);
      if (!product) throw notFound('Product not found');
      const [{ rows, total }, totals, sizes] = await Promise.all([
        repos.reviews.pageOf(product._id, {
          sort: query.sort,
          ...(query.fit ? { fit: query.fit } : {}),
          offset: (query.page - 1) * REVIEWS_PAGE_SIZE,
          limit: REVIEWS_PAGE_SIZE,
        }),
        repos.reviews.totalsOf(product._id),
        repos.reviews.sizesOf(product._id),
      ]);
      const summary: ReviewSummary = {
        count: totals.count,
        average: averageOf(totals.sum, totals.count),
        fit: {
          'runs-small': totals.small,
          'true-to-size': totals.true,
          'runs-large': totals.large,
        },
        sizeHint: sizeHintOf(sizes),
      };
      return {
        summary,
        reviews: rows.map((row) => view(row, origin)),
        total,
        page: query.page,
        pages: Math.ceil(total / REVIEWS_PAGE_SIZE),
      };
    },

    /** POST /api/review/{reviewId}/helpful: once per shopper; a hidden review is not found. */
    async helpful(userId: string, reviewId: string) {
      return uow.run(async (tx) => {
        const review = await tx.reviews.findById(reviewId);
        if (!review || review.hiddenAt) throw notFound(REVIEW_MESSAGES.notFound);
        const { helpful } = await tx.reviews.voteHelpful(reviewId, userId, clock.now());
        return { message: REVIEW_MESSAGES.helpful, helpful };
      });
    },

    /** GET /api/admin/reviews. */
    async adminPage(status: 'visible' | 'hidden' | 'all', page: number, origin: string) {
      const { rows, total } = await repos.reviews.adminPage(status, {
        offset: (page - 1) * ADMIN_PAGE_SIZE,
        limit: ADMIN_PAGE_SIZE,
      });
      return {
        reviews: await Promise.all(
          rows.map((row) => adminView(row.review, row.authorEmail, origin)),
        ),
        total,
        page,
        pages: Math.ceil(total / ADMIN_PAGE_SIZE),
      };
    },

    /**
     * POST /api/admin/reviews/{reviewId}/hide: hidden with its reason, and the author mailed
     * why, in one transaction; hiding it again changes nothing (409).
     */
    async hide(reviewId: string, reason: string, operatorId: string, origin: string) {
      const snapshot = await catalogue.snapshot();
      const row = await uow.run(async (tx) => {
        const hidden = await tx.reviews.hide(reviewId, reason, operatorId, clock.now());
        if (!hidden) {
          if (!(await tx.reviews.findById(reviewId))) throw notFound(REVIEW_MESSAGES.notFound);
          throw conflict(REVIEW_MESSAGES.alreadyHidden);
        }
        const author = await tx.users.findById(hidden.userId);
        if (author) {
          await tx.outbox.enqueue(
            'review-hidden',
            reviewHiddenMail(recipientOf(author), {
              productName: findProduct(snapshot, hidden.productId)?.name,
              reason,
            }),
          );
        }
        return { hidden, authorEmail: author?.email ?? null };
      });
      catalogue.invalidate();
      return {
        message: REVIEW_MESSAGES.hidden,
        review: await adminView(row.hidden, row.authorEmail, origin),
      };
    },

    /** POST /api/admin/reviews/{reviewId}/unhide. */
    async unhide(reviewId: string, origin: string) {
      const row = await repos.reviews.unhide(reviewId);
      if (!row) {
        if (!(await repos.reviews.findById(reviewId))) throw notFound(REVIEW_MESSAGES.notFound);
        throw conflict(REVIEW_MESSAGES.notHidden);
      }
      catalogue.invalidate();
      return {
        message: REVIEW_MESSAGES.unhidden,
        review: await adminView(
          row,
          (await repos.users.findById(row.userId))?.email ?? null,
          origin,
        ),
      };
    },
  };
}

export type Reviews = ReturnType<typeof createReviews>;
