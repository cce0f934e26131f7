import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ExtensionStatus } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { bookingExtensions, payments } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type ExtensionRow = typeof bookingExtensions.$inferSelect;

/** The extensions of bookings (decision 073): each opened with its order, decided once. */
export function createExtensionsRepository(db: Database, clock: Clock) {
  return {
    async insert(
      extension: Omit<typeof bookingExtensions.$inferInsert, 'id' | 'createdAt' | 'status'>,
    ): Promise<ExtensionRow> {
      const [row] = await db
        .insert(bookingExtensions)
        .values({ ...extension, createdAt: clock.now() })
        .returning();
      return row!;
    },

    /** The extension an order was opened for, locked for its decision. */
    async lockByOrder(orderId: string): Promise<ExtensionRow | undefined> {
      const [row] = await db
        .select()
        .from(bookingExtensions)
        .where(eq(bookingExtensions.orderId, orderId))
        .for('update');
      return row;
    },

    /** A booking's extensions with their orders, newest first. */
    async ofBooking(bookingId: string) {
      return db
        .select({ extension: bookingExtensions, order: payments })
        .from(bookingExtensions)
        .innerJoin(payments, eq(payments.id, bookingExtensions.orderId))
        .where(eq(bookingExtensions.bookingId, bookingId))
        .orderBy(desc(bookingExtensions.createdAt), desc(bookingExtensions.id));
    },

    /** The applied extensions of bookings, oldest first (the booking view lists them). */
    async appliedOf(bookingIds: string[]): Promise<ExtensionRow[]> {
      if (bookingIds.length === 0) return [];
      return db
        .select()
        .from(bookingExtensions)
        .where(
          and(
            inArray(bookingExtensions.bookingId, bookingIds),
            eq(bookingExtensions.status, 'applied'),
          ),
        )
        .orderBy(asc(bookingExtensions.decidedAt), asc(bookingExtensions.id));
    },

    /**
     * Decide an ordered extension once: applied, refused (with the capture's reason) or lapsed;
     * a lapsed one may still be applied or refused when its payment comes after all.
     */
    async decide(
      id: string,
      status: Exclude<ExtensionStatus, 'ordered'>,
      reason: string | null = null,
    ): Promise<boolean> {
      const rows = await db
        .update(bookingExtensions)
        .set({ status, reason: status === 'refused' ? reason : null, decidedAt: clock.now() })
        .where(
          and(
            eq(bookingExtensions.id, id),
            // A lapsed one's late payment is still decided (applied or refused).
            inArray(
              bookingExtensions.status,
              status === 'lapsed' ? ['ordered'] : ['ordered', 'lapsed'],
            ),
          ),
        )
        .returning({ id: bookingExtensions.id });
      return rows.length === 1;
    },
  };
}

export type ExtensionsRepository = ReturnType<typeof createExtensionsRepository>;
