import {
  ADMIN_MESSAGES,
  bookingNumber,
  paiseToRupees,
  type AdminRefund,
  type AdminRefundsResponse,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { RefundRow } from '../payments/payments.repository.js';

/** Refunds a page lists. */
const PAGE_SIZE = 25;

const view = (row: RefundRow): AdminRefund => ({
  id: row.id,
  bookingId: row.bookingId,
  bookingNumber: row.bookingId ? bookingNumber(row.bookingId) : null,
  amount: paiseToRupees(row.amountPaise),
  reason: row.reason,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Refunds for admins (issue [K], Today): those still pending and those failed, and a retry that
 * puts a failed one back in the refunds job's queue (payments.repository `retryFailedRefund` says
 * when the same request is asked again and when a new one). The job makes the call, after commit.
 */
export function createRefundsAdmin({
  repos,
  uow,
}: {
  repos: Pick<Repositories, 'payments'>;
  uow: UnitOfWork;
}) {
  return {
    async list(query: {
      status: 'pending' | 'failed';
      page: number;
    }): Promise<Omit<AdminRefundsResponse, 'success'>> {
      const { rows, total } = await repos.payments.refundsInState(
        query.status,
        query.page,
        PAGE_SIZE,
      );
      return { refunds: rows.map(view), total, page: query.page, pageSize: PAGE_SIZE };
    },

    async retry(id: string): Promise<AdminRefund> {
      const retried = await uow.run((tx) => tx.payments.retryFailedRefund(id));
      if (retried) return view(retried);
      const found = await repos.payments.findRefund(id);
      if (!found) throw notFound(ADMIN_MESSAGES.refundNotFound);
      throw conflict(ADMIN_MESSAGES.refundNotFailed(found.status));
    },
  };
}

export type RefundsAdmin = ReturnType<typeof createRefundsAdmin>;
