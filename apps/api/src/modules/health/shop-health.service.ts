import type { ShopHealthResponse } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { BacklogRow, HealthRepository } from './health.repository.js';

/** A mail waiting longer than this (the mail server refusing, the job stuck) needs a look. */
export const MAIL_WAIT_LIMIT_SECONDS = 15 * 60;
/**
 * An unpaid order the reconciliation should have asked about this long ago: the booking-holds job
 * (every 30 s) is not keeping up, or not running.
 */
export const RECONCILIATION_OVERDUE_MS = 10 * 60_000;

export type ShopHealth = Omit<ShopHealthResponse, 'success'>;

/**
 * The shop's background work at a glance: the mail outbox, refunds and the payments'
 * reconciliation, read by Today's health line and by /metrics' gauges from one statement.
 */
export function createShopHealth({
  repository,
  clock,
}: {
  repository: Pick<HealthRepository, 'backlog'>;
  clock: Clock;
}) {
  return {
    /** The counts as they stand now. */
    async backlog(): Promise<BacklogRow> {
      const now = clock.now();
      return repository.backlog(now, new Date(now.getTime() - RECONCILIATION_OVERDUE_MS));
    },

    /** Today's health line: the counts, and which of them need a person. */
    async read(): Promise<ShopHealth> {
      const row = await this.backlog();
      const attention: ShopHealth['attention'] = [];
      if ((row.mailOldestSeconds ?? 0) > MAIL_WAIT_LIMIT_SECONDS) attention.push('mail');
      if (row.refundsFailed > 0) attention.push('refunds');
      if (row.paymentsOverdue > 0) attention.push('payments');
      return {
        mail: { waiting: row.mailWaiting, oldestWaitingSeconds: row.mailOldestSeconds },
        refunds: { pending: row.refundsPending, failed: row.refundsFailed },
        payments: {
          awaitingReconciliation: row.paymentsAwaiting,
          overdue: row.paymentsOverdue,
        },
        attention,
      };
    },
  };
}

export type ShopHealthService = ReturnType<typeof createShopHealth>;
