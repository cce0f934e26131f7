import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.js';
import type { BacklogRow } from './health.repository.js';
import { createShopHealth, RECONCILIATION_OVERDUE_MS } from './shop-health.service.js';

const calm: BacklogRow = {
  mailWaiting: 0,
  mailOldestSeconds: null,
  refundsPending: 0,
  refundsFailed: 0,
  paymentsAwaiting: 0,
  paymentsOverdue: 0,
};

describe('shop health', () => {
  it('asks for attention for a failed refund, not for pending ones', async () => {
    const clock = createManualClock(new Date('2026-11-02T05:00:00Z'));
    let asked: Date[] = [];
    const withRow = (row: BacklogRow) =>
      createShopHealth({
        repository: {
          backlog: async (now, overdueBefore) => {
            asked = [now, overdueBefore];
            return row;
          },
        },
        clock,
      });
    expect((await withRow({ ...calm, refundsPending: 3 }).read()).attention).toEqual([]);
    const failed = await withRow({ ...calm, refundsPending: 1, refundsFailed: 2 }).read();
    expect(failed.refunds).toEqual({ pending: 1, failed: 2 });
    expect(failed.attention).toEqual(['refunds']);
    expect(asked[0]!.getTime() - asked[1]!.getTime()).toBe(RECONCILIATION_OVERDUE_MS);
  });
});
