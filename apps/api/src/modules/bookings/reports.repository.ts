import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { itemReports } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type ItemReportRow = typeof itemReports.$inferSelect;

/** Pieces reported in the fit window (issue [J]): the only SQL on item_reports. */
export function createReportsRepository(db: Database, clock: Clock) {
  return {
    async insert(report: Omit<typeof itemReports.$inferInsert, 'id' | 'createdAt'>) {
      const [row] = await db
        .insert(itemReports)
        .values({ ...report, createdAt: clock.now() })
        .returning();
      return row!;
    },

    async ofItem(itemId: string): Promise<ItemReportRow | undefined> {
      const [row] = await db
        .select()
        .from(itemReports)
        .where(eq(itemReports.bookingItemId, itemId));
      return row;
    },

    /** The size an exchange sends, once its pieces were moved to another size. */
    async setExchangeSize(itemId: string, size: string): Promise<void> {
      await db
        .update(itemReports)
        .set({ size })
        .where(and(eq(itemReports.bookingItemId, itemId), eq(itemReports.outcome, 'exchange')));
    },

    async ofBookings(bookingIds: string[]): Promise<ItemReportRow[]> {
      if (bookingIds.length === 0) return [];
      return db.select().from(itemReports).where(inArray(itemReports.bookingId, bookingIds));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
