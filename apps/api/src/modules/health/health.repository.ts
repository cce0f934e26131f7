import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { databaseErrorOf } from '../../lib/db-errors.js';

/** Where Drizzle's migrator records what it applied (its defaults, which db/client.ts keeps). */
const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;
/** SQLSTATE: no such table (42P01) or schema (3F000): nothing was ever migrated. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/** The shop's queues of background work, counted at one instant. */
export interface BacklogRow {
  mailWaiting: number;
  mailOldestSeconds: number | null;
  refundsPending: number;
  refundsFailed: number;
  paymentsAwaiting: number;
  paymentsOverdue: number;
}

/** Both drivers answer `rows` (the Database type leaves the result's shape open). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What readiness, /metrics and Today's health line read: the migrations the database has applied,
 * and how much background work waits (the mail outbox, refunds, the payments' reconciliation).
 * Each is one small statement on indexed columns, cheap enough to run at every scrape.
 */
export function createHealthRepository(db: Database) {
  return {
    /**
     * When the newest migration the database has applied was made (Drizzle's `created_at`, the
     * journal's `when`), or null when none ever was.
     */
    async lastMigrationAt(): Promise<number | null> {
      try {
        const result = await db.execute(
          sql`select max(created_at)::text as last from ${MIGRATIONS_TABLE}`,
        );
        const last = rowsOf<{ last: string | null }>(result)[0]?.last;
        return last == null ? null : Number(last);
      } catch (err) {
        const code = databaseErrorOf(err)?.code;
        if (code && NEVER_MIGRATED.has(code)) return null;
        throw err;
      }
    },

    /**
     * Mail not sent yet and the age of the oldest, refunds pending and failed, unpaid orders still
     * watched by the reconciliation and those of them due before `overdueBefore`.
     */
    async backlog(now: Date, overdueBefore: Date): Promise<BacklogRow> {
      const result = await db.execute(sql`
        select
          (select count(*)::int from outbox_mails where status = 'pending') as mail_waiting,
          (select floor(extract(epoch from (${now.toISOString()}::timestamptz - min(created_at))))::int
            from outbox_mails where status = 'pending') as mail_oldest_seconds,
          (select count(*)::int from refunds where status = 'pending') as refunds_pending,
          (select count(*)::int from refunds where status = 'failed') as refunds_failed,
          (select count(*)::int from payments where reconcile_at is not null) as payments_awaiting,
          (select count(*)::int from payments
            where reconcile_at < ${overdueBefore.toISOString()}::timestamptz) as payments_overdue
      `);
      const row = rowsOf<{
        mail_waiting: number;
        mail_oldest_seconds: number | null;
        refunds_pending: number;
        refunds_failed: number;
        payments_awaiting: number;
        payments_overdue: number;
      }>(result)[0];
      return {
        mailWaiting: row?.mail_waiting ?? 0,
        mailOldestSeconds:
          row?.mail_oldest_seconds == null ? null : Math.max(0, row.mail_oldest_seconds),
        refundsPending: row?.refunds_pending ?? 0,
        refundsFailed: row?.refunds_failed ?? 0,
        paymentsAwaiting: row?.payments_awaiting ?? 0,
        paymentsOverdue: row?.payments_overdue ?? 0,
      };
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
