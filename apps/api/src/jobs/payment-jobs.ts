import type { SandboxGateway } from '../adapters/payments/sandbox/gateway.js';
import { SANDBOX_WEBHOOK_BATCH } from '../adapters/payments/sandbox/gateway.js';
import { RECONCILE_BATCH_SIZE, type Reconciliation } from '../modules/payments/reconcile.js';
import { REFUNDS_BATCH_SIZE, type PaymentsService } from '../modules/payments/payments.service.js';
import type { Job } from './runner.js';

export const BOOKING_HOLDS_JOB = 'booking-holds';
export const REFUNDS_JOB = 'refunds';
export const SANDBOX_WEBHOOKS_JOB = 'sandbox-webhooks';

/**
 * The reconciliation of unpaid orders: ask the provider about each order whose hold has ended (or
 * that is still watched), decide what was paid, and let go of the holds of what was not.
 */
export function bookingHoldsJob(reconciliation: Reconciliation, intervalMs = 30_000): Job {
  return {
    name: BOOKING_HOLDS_JOB,
    intervalMs,
    batchSize: RECONCILE_BATCH_SIZE,
    run: () => reconciliation.reconcileDue(),
  };
}

/** Ask the provider for refunds decided in a commit, retrying while it cannot be reached. */
export function refundsJob(payments: PaymentsService, intervalMs = 15_000): Job {
  return {
    name: REFUNDS_JOB,
    intervalMs,
    batchSize: REFUNDS_BATCH_SIZE,
    run: () => payments.processDueRefunds(),
  };
}

/** The sandbox gateway's side: send the webhooks it owes the app, a moment after each event. */
export function sandboxWebhooksJob(gateway: SandboxGateway, intervalMs = 1_000): Job {
  return {
    name: SANDBOX_WEBHOOKS_JOB,
    intervalMs,
    batchSize: SANDBOX_WEBHOOK_BATCH,
    run: () => gateway.deliverDueWebhooks(),
  };
}
