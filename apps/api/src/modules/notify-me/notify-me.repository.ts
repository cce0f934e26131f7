import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifyRequests } from '../../db/schema/index.js';

export type NotifyRequestRow = typeof notifyRequests.$inferSelect;

/** A request as asked: the shopper, the piece, its size and dates. */
export interface NotifyAsk {
  userId: string;
  productId: string;
  size: string;
  startDate: string;
  durationDays: number;
}

const sameAsk = (ask: NotifyAsk) =>
  and(
    eq(notifyRequests.userId, ask.userId),
    eq(notifyRequests.productId, ask.productId),
    eq(notifyRequests.size, ask.size),
    eq(notifyRequests.startDate, ask.startDate),
    eq(notifyRequests.durationDays, ask.durationDays),
  );

/** 'Notify me' requests (table notify_requests, decision 070). */
export function createNotifyMeRepository(db: Database) {
  return {
    /** The shopper's open request for exactly this, if there is one. */
    async findOpen(ask: NotifyAsk): Promise<NotifyRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(notifyRequests)
        .where(and(sameAsk(ask), eq(notifyRequests.status, 'open')));
      return row;
    },

    async openCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifyRequests)
        .where(and(eq(notifyRequests.userId, userId), eq(notifyRequests.status, 'open')));
      return row?.n ?? 0;
    },

    /** A new open request; undefined when the same one is open already (the unique index says). */
    async insert(ask: NotifyAsk, at: Date): Promise<NotifyRequestRow | undefined> {
      const [row] = await db
        .insert(notifyRequests)
        .values({ ...ask, createdAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The shopper's requests not cancelled, newest first. */
    listOf(userId: string, limit: number): Promise<NotifyRequestRow[]> {
      return db
        .select()
        .from(notifyRequests)
        .where(and(eq(notifyRequests.userId, userId), ne(notifyRequests.status, 'cancelled')))
        .orderBy(desc(notifyRequests.createdAt), desc(notifyRequests.id))
        .limit(limit);
    },

    async findOwn(userId: string, id: string): Promise<NotifyRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(notifyRequests)
        .where(and(eq(notifyRequests.id, id), eq(notifyRequests.userId, userId)));
      return row;
    },

    /** Cancel the shopper's open request; false when it is not open (or not theirs). */
    async cancel(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(notifyRequests)
        .set({ status: 'cancelled', closedAt: at })
        .where(
          and(
            eq(notifyRequests.id, id),
            eq(notifyRequests.userId, userId),
            eq(notifyRequests.status, 'open'),
          ),
        )
        .returning({ id: notifyRequests.id });
      return rows.length > 0;
    },

    /** Open requests whose start date is before `day` close as expired; how many. */
    async expireBefore(day: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifyRequests)
        .set({ status: 'expired', closedAt: at })
        .where(and(eq(notifyRequests.status, 'open'), lt(notifyRequests.startDate, day)))
        .returning({ id: notifyRequests.id });
      return rows.length;
    },

    /**
     * Up to `limit` open requests, the least recently checked first, marked checked now: each
     * run of the job (on any process) takes the next ones, so every request is asked about in
     * turn.
     */
    async takeToCheck(limit: number, at: Date): Promise<NotifyRequestRow[]> {
      const picked = db
        .select({ id: notifyRequests.id })
        .from(notifyRequests)
        .where(eq(notifyRequests.status, 'open'))
        .orderBy(sql`${notifyRequests.checkedAt} asc nulls first`, asc(notifyRequests.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(notifyRequests)
        .set({ checkedAt: at })
        .where(inArray(notifyRequests.id, picked))
        .returning();
    },

    /**
     * Close an open request as notified; the row when this call did (a second process, or a
     * second run, finds it closed and gets undefined: one e-mail).
     */
    async markNotified(id: string, at: Date): Promise<NotifyRequestRow | undefined> {
      const [row] = await db
        .update(notifyRequests)
        .set({ status: 'notified', notifiedAt: at, closedAt: at })
        .where(and(eq(notifyRequests.id, id), eq(notifyRequests.status, 'open')))
        .returning();
      return row;
    },
  };
}

export type NotifyMeRepository = ReturnType<typeof createNotifyMeRepository>;
