import { describe, expect, it } from 'vitest';
import type { ShopHealthResponse } from '@pehnava/shared';
import { healthParts } from './health-line';

const calm: ShopHealthResponse = {
  success: true,
  mail: { waiting: 0, oldestWaitingSeconds: null },
  refunds: { pending: 0, failed: 0 },
  payments: { awaitingReconciliation: 0, overdue: 0 },
  attention: [],
};
const said = (health: ShopHealthResponse) =>
  healthParts(health)
    .map((part) => `${part.warn ? '!' : ''}${part.label}: ${part.said}`)
    .join(' · ');

describe("Today's health line", () => {
  it('says all is well in few words', () => {
    expect(said(calm)).toBe('Mail: 0 waiting · Refunds: all sent · Payments: all settled');
  });

  it('says what waits, and marks what needs a person', () => {
    expect(
      said({
        success: true,
        mail: { waiting: 12, oldestWaitingSeconds: 25 * 60 },
        refunds: { pending: 1, failed: 2 },
        payments: { awaitingReconciliation: 3, overdue: 1 },
        attention: ['mail', 'refunds', 'payments'],
      }),
    ).toBe(
      '!Mail: 12 waiting, oldest 25 min · !Refunds: 2 failing, 1 pending · !Payments: 1 not checked in time',
    );
    expect(
      said({
        ...calm,
        mail: { waiting: 1, oldestWaitingSeconds: 40 },
        payments: { awaitingReconciliation: 2, overdue: 0 },
      }),
    ).toBe('Mail: 1 waiting, oldest 40 s · Refunds: all sent · Payments: 2 being checked');
  });
});
