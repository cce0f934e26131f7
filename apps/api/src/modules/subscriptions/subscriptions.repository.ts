import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PlanDefinition } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { compiledStatement } from '../../db/compiled.js';
import { plans, subscriptions } from '../../db/schema/index.js';
import { paidItemsSql } from '../bookings/bookings.repository.js';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The plan in effect for a shopper, with its limit and the items rented in its period. */
export interface CurrentPlanRow {
  planId: string;
  startDate: Date;
  endDate: Date;
  autoRenew: boolean;
  rentalLimit: number | null;
  /** Items (times quantity) in the shopper's paid bookings made in [startDate, endDate). */
  itemsRented: number;
}

/**
 * The shopper's subscription in effect at `now` (active, not past its end) with its limit and the
 * items rented in its period, in one statement: at most one row. `userId` is a placeholder, or an
 * outer column when this is joined laterally into a larger read (the cart's).
 */
export function currentPlanQuery(db: Database, userId: SQLWrapper, now: SQLWrapper) {
  // What counts as a rented item is the bookings module's to say (paid bookings only).
  const itemsRented = paidItemsSql(
    subscriptions.userId,
    subscriptions.startDate,
    subscriptions.endDate,
  );
  return db
    .select({
      planId: subscriptions.planId,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      autoRenew: subscriptions.autoRenew,
      rentalLimit: plans.rentalLimit,
      itemsRented: itemsRented.mapWith(Number).as('items_rented'),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endDate, now),
      ),
    )
    .orderBy(desc(subscriptions.startDate))
    .limit(1);
}

// Read on every plan check: built once per process, a named prepared statement on PostgreSQL
// (decisions 040 and 059).
const currentOf = compiledStatement('subscriptions_current_of_user', (db) =>
  currentPlanQuery(db, sql.placeholder('userId'), sql.placeholder('now')),
);
export function createSubscriptionsRepository(db: Database) {
  return {
    async listActivePlans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.level));
      return rows.filter((row) => row.active);
    },

    /** The shopper's subscription in effect at `now`, with the items rented in its period. */
    async findCurrent(userId: string, now: Date): Promise<CurrentPlanRow | undefined> {
      const [row] = await currentOf(db).execute({ userId, now: now.toISOString() });
      return row;
    },

    async planById(id: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row;
    },

    /** The shopper's active subscription row (even one past its end the job has not seen yet), locked. */
    async lockActiveOf(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
        .for('update');
      return row;
    },

    async findById(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },

    async lockById(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update');
      return row;
    },

    /**
     * End a period: `cancelled` by the shopper or a plan change (its end brought forward to `at`),
     * or `expired` at its end date.
     */
    async end(id: string, status: 'cancelled' | 'expired', at: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set(
          status === 'cancelled'
            ? {
                status,
                cancelledAt: at,
                endDate: sql`least(${subscriptions.endDate}, ${at.toISOString()}::timestamptz)`,
                updatedAt: at,
              }
            : { status, updatedAt: at },
        )
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')));
    },

    async insert(
      row: Pick<
        typeof subscriptions.$inferInsert,
        'userId' | 'planId' | 'startDate' | 'endDate' | 'autoRenew' | 'mandateId' | 'paymentId'
      >,
      at: Date,
    ): Promise<SubscriptionRow> {
      const [made] = await db
        .insert(subscriptions)
        .values({ ...row, status: 'active', createdAt: at, updatedAt: at })
        .returning();
      return made!;
    },

    async setAutoRenew(id: string, autoRenew: boolean, at: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ autoRenew, updatedAt: at })
        .where(eq(subscriptions.id, id));
    },

    /**
     * Active periods that have reached their end, leased to this runner until `leaseUntil` (SKIP
     * LOCKED: two job runners never take the same one), with the try counted.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<SubscriptionRow[]> {
      const due = db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'active'),
            lte(subscriptions.endDate, now),
            or(
              isNull(subscriptions.renewalNextAttemptAt),
              lte(subscriptions.renewalNextAttemptAt, now),
            ),
          ),
        )
        .orderBy(asc(subscriptions.endDate))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(subscriptions)
        .set({
          renewalNextAttemptAt: leaseUntil,
          renewalAttempts: sql`${subscriptions.renewalAttempts} + 1`,
        })
        .where(inArray(subscriptions.id, due))
        .returning();
    },

    /** A renewal that could not reach the provider: try again at `retryAt`. */
    async retryRenewalAt(id: string, retryAt: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ renewalNextAttemptAt: retryAt })
        .where(eq(subscriptions.id, id));
    },

    /**
     * Auto-renewing periods ending by `horizon` whose reminder is not written yet, marked as
     * reminded (SKIP LOCKED: once per period, whichever runner takes it).
     */
    async claimReminders(now: Date, horizon: Date, limit: number): Promise<SubscriptionRow[]> {
      const due = db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.autoRenew, true),
            isNull(subscriptions.reminderSentAt),
            gt(subscriptions.endDate, now),
            lte(subscriptions.endDate, horizon),
          ),
        )
        .orderBy(asc(subscriptions.endDate))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(subscriptions)
        .set({ reminderSentAt: now })
        .where(inArray(subscriptions.id, due))
        .returning();
    },

    /** Write a plan if it is missing; an existing plan (perhaps edited by an operator) is kept. */
    async insertPlanIfAbsent(plan: PlanDefinition): Promise<boolean> {
      const rows = await db
        .insert(plans)
        .values({
          id: plan.id,
          name: plan.name,
          pricePaise: plan.pricePaise,
          durationDays: plan.durationDays,
          rentalLimit: plan.rentalLimit,
          features: plan.features,
          benefits: plan.benefits,
          level: plan.level,
        })
        .onConflictDoNothing({ target: plans.id })
        .returning({ id: plans.id });
      return rows.length > 0;
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
