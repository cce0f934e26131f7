import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { wishlistItems } from '../../db/schema/index.js';

/** Product ids are uuid columns: anything else cannot match a row (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createWishlistRepository(db: Database) {
  return {
    /** The shopper's saved product ids, newest first. */
    async listProductIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
      return rows.map((row) => row.productId);
    },

    /** Save a product; saving it again keeps the one row (and its date). */
    async add(userId: string, productId: string): Promise<void> {
      await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
    },

    async remove(userId: string, productId: string): Promise<void> {
      if (!UUID.test(productId)) return;
      await db
        .delete(wishlistItems)
        .where(
          and(
            eq(wishlistItems.userId, userId),
            eq(wishlistItems.productId, productId.toLowerCase()),
          ),
        );
    },

    /** Which of these product ids the shopper has saved (lower-case ids). */
    async savedAmong(userId: string, productIds: string[]): Promise<Set<string>> {
      const ids = [
        ...new Set(productIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase())),
      ];
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, ids)));
      return new Set(rows.map((row) => row.productId));
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
