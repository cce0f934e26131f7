import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { reviewHelpfulVotes, reviews, users } from '../../db/schema/index.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWrite = Omit<
  typeof reviews.$inferInsert,
  'id' | 'helpful' | 'hiddenAt' | 'hiddenReason' | 'hiddenBy'
>;

const visibleOf = (productId: string) =>
  and(eq(reviews.productId, productId), isNull(reviews.hiddenAt))!;

/** Reviews and their helpful votes (tables reviews, review_helpful_votes; decision 071). */
export function createReviewsRepository(db: Database) {
  return {
    /** A new review; undefined when its line has one already (the unique key decides). */
    async insert(review: ReviewWrite): Promise<ReviewRow | undefined> {
      const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
      return row;
    },

    /**
     * Add a photo to its author's review while it has fewer than `max`; the row after, or
     * undefined when it is not theirs or full (the check constraint has the last word).
     */
    async addPhoto(id: string, userId: string, url: string, max: number) {
      const [row] = await db
        .update(reviews)
        .set({ photos: sql`array_append(${reviews.photos}, ${url})` })
        .where(
          and(
            eq(reviews.id, id),
            eq(reviews.userId, userId),
            sql`cardinality(${reviews.photos}) < ${max}`,
          ),
        )
        .returning();
      return row;
    },

    /** The reviews of these bookings' lines (what My Bookings shows as reviewed). */
    ofBookings(bookingIds: string[]) {
      if (bookingIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: reviews.id,
          bookingId: reviews.bookingId,
          bookingItemId: reviews.bookingItemId,
        })
        .from(reviews)
        .where(inArray(reviews.bookingId, bookingIds));
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    /** A page of a piece's visible reviews, newest or most helpful first, perhaps of one fit. */
    async pageOf(
      productId: string,
      {
        sort,
        fit,
        offset,
        limit,
      }: { sort: 'recent' | 'helpful'; fit?: string; offset: number; limit: number },
    ): Promise<{ rows: ReviewRow[]; total: number }> {
      const where = fit ? and(visibleOf(productId), eq(reviews.fit, fit))! : visibleOf(productId);
      const order =
        sort === 'helpful'
          ? [desc(reviews.helpful), desc(reviews.createdAt), desc(reviews.id)]
          : [desc(reviews.createdAt), desc(reviews.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The piece's visible reviews added up: count, sum of ratings, and by fit. */
    async totalsOf(productId: string) {
      const [row] = await db
        .select({
          count: count(),
          sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
          small: sql<number>`(count(*) filter (where ${reviews.fit} = 'runs-small'))::int`,
          true: sql<number>`(count(*) filter (where ${reviews.fit} = 'true-to-size'))::int`,
          large: sql<number>`(count(*) filter (where ${reviews.fit} = 'runs-large'))::int`,
        })
        .from(reviews)
        .where(visibleOf(productId));
      return row!;
    },

    /** How many visible reviews give each usual size and size worn. */
    sizesOf(productId: string): Promise<{ usual: string; worn: string; n: number }[]> {
      return db
        .select({ usual: sql<string>`${reviews.usualSize}`, worn: reviews.sizeWorn, n: count() })
        .from(reviews)
        .where(and(visibleOf(productId), isNotNull(reviews.usualSize)))
        .groupBy(reviews.usualSize, reviews.sizeWorn);
    },

    /**
     * A shopper's helpful vote: counted once (the vote's key decides). The review's count after,
     * and whether this call added to it.
     */
    async voteHelpful(reviewId: string, userId: string, at: Date) {
      const [vote] = await db
        .insert(reviewHelpfulVotes)
        .values({ reviewId, userId, createdAt: at })
        .onConflictDoNothing()
        .returning({ reviewId: reviewHelpfulVotes.reviewId });
      const [row] = vote
        ? await db
            .update(reviews)
            .set({ helpful: sql`${reviews.helpful} + 1` })
            .where(eq(reviews.id, reviewId))
            .returning({ helpful: reviews.helpful })
        : await db
            .select({ helpful: reviews.helpful })
            .from(reviews)
            .where(eq(reviews.id, reviewId));
      return { added: Boolean(vote), helpful: row?.helpful ?? 0 };
    },

    /** The console's list: newest first, with the author's e-mail. */
    async adminPage(
      status: 'visible' | 'hidden' | 'all',
      { offset, limit }: { offset: number; limit: number },
    ) {
      const where: SQL | undefined =
        status === 'visible'
          ? isNull(reviews.hiddenAt)
          : status === 'hidden'
            ? isNotNull(reviews.hiddenAt)
            : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ review: reviews, authorEmail: users.email })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.userId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Hide a visible review; the row when this call did. */
    async hide(id: string, reason: string, by: string | null, at: Date) {
      const [row] = await db
        .update(reviews)
        .set({ hiddenAt: at, hiddenReason: reason, hiddenBy: by })
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
        .returning();
      return row;
    },

    /** Show a hidden review again; the row when this call did. */
    async unhide(id: string) {
      const [row] = await db
        .update(reviews)
        .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
        .where(and(eq(reviews.id, id), isNotNull(reviews.hiddenAt)))
        .returning();
      return row;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
