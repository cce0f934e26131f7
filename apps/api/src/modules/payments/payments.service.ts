import type { ClientConfigResponse } from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
} from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { backoffMs, describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, serviceUnavailable } from '../../lib/http-error.js';
import type { PaymentIntake } from './intake.js';

/** Refunds taken per run of the refunds job. */
export const REFUNDS_BATCH_SIZE = 10;
const REFUND_LEASE_MS = 2 * 60_000;
/** Tries before a refund the provider keeps failing is left to operators (status failed). */
export const REFUND_MAX_ATTEMPTS = 10;

export const WEBHOOK_SIGNATURE_MESSAGE = 'Invalid webhook signature';
/** Kept on a refund the provider itself reported as failed. */
export const PROVIDER_REFUND_FAILED = 'The payment provider reported the refund as failed';

export interface PaymentsServiceDeps {
  repos: Pick<Repositories, 'payments'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settleReported'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * What the payment provider tells us outside a shopper's request (webhooks) and what we owe it
 * (refunds), plus the provider facts a front end needs.
 */
export function createPaymentsService({
  repos,
  uow,
  provider,
  intake,
  clock,
  logger,
}: PaymentsServiceDeps) {
  return {
    /** The provider in use; its webhooks arrive at /api/payments/{providerName}/webhook. */
    providerName: provider.name,

    /** GET /api/config's payments part, for a page served at `origin`. */
    clientConfig(origin: string): ClientConfigResponse['payments'] {
      return {
        provider: provider.name,
        flow: provider.flow,
        keyId: provider.keyId,
        checkoutScriptUrl: provider.checkoutScriptUrl(origin),
        currency: 'INR',
      };
    },

    /**
     * A provider webhook: its signature checked over the exact bytes received, then acted on by
     * what it says, never by its event id (which a signature may not cover): a captured payment
     * goes to the payment intake, which asks the provider what it is and decides it once, so a
     * replay under any id changes nothing; a refund's report only ever moves a pending refund on.
     * The event is kept as a log. A provider that cannot be asked answers 503: the webhook is
     * delivered again later.
     */
    async handleWebhook(
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<'processed' | 'duplicate'> {
      let event;
      try {
        event = provider.readWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(WEBHOOK_SIGNATURE_MESSAGE);
        throw error;
      }
      const fresh = await repos.payments.recordEvent({
        provider: provider.name,
        eventId: event.id,
        type: event.name,
        payload: JSON.parse(rawBody) as unknown,
      });
      const seen = fresh ? 'processed' : 'duplicate';

      if (event.refund && (event.type === 'refund.processed' || event.type === 'refund.failed')) {
        const made = event.refund;
        await uow.run(async (tx) => {
          const refund = await tx.payments.refundFromProvider(made.reference, made.id);
          if (!refund) {
            logger.warn({ event: event.name, refundId: made.id }, 'webhook for an unknown refund');
          } else if (event.type === 'refund.processed') {
            await tx.payments.markRefundProcessed(refund.id, made.id);
          } else {
            await tx.payments.markRefundFailed(refund.id, made.id, PROVIDER_REFUND_FAILED);
          }
        });
        return seen;
      }
      const payment = event.payment;
      if (!payment) return seen;
      if (event.type === 'payment.captured') {
        try {
          const { decision } = await intake.settleReported({
            orderId: payment.orderId,
            paymentId: payment.id,
          });
          logger.info(
            { event: event.name, paymentId: payment.id, outcome: decision?.outcome ?? 'none' },
            'payment webhook handled',
          );
        } catch (error) {
          if (error instanceof ProviderUnavailableError) {
            throw serviceUnavailable('The payment provider could not be asked; send it again');
          }
          throw error;
        }
      } else if (event.type === 'payment.failed') {
        const order = await repos.payments.byProviderOrder(provider.name, payment.orderId);
        if (order) {
          await repos.payments.recordFailure(
            order.id,
            payment.errorDescription ?? 'payment failed',
          );
        }
      }
      return seen;
    },

    /**
     * The refunds job: ask the provider for each due refund (after the commit that decided it).
     * The idempotency key goes with every try, so a retry after a lost answer refunds once. A
     * refund the provider accepted but has not paid out yet is asked about again later (its
     * webhook may say so first).
     */
    async processDueRefunds(): Promise<number> {
      const claimed = await repos.payments.claimDueRefunds(
        REFUNDS_BATCH_SIZE,
        new Date(clock.now().getTime() + REFUND_LEASE_MS),
      );
      for (const refund of claimed) {
        try {
          const made = refund.providerRefundId
            ? await provider.fetchRefund({
                paymentId: refund.providerPaymentId,
                refundId: refund.providerRefundId,
              })
            : await provider.refund({
                paymentId: refund.providerPaymentId,
                amountPaise: refund.amountPaise,
                idempotencyKey: refund.idempotencyKey,
                notes: {
                  refundId: refund.id,
                  bookingId: refund.bookingId ?? '',
                  reason: refund.reason,
                },
              });
          if (made.status === 'processed') {
            await repos.payments.markRefundProcessed(refund.id, made.id);
          } else if (made.status === 'pending') {
            const checkAt = new Date(clock.now().getTime() + backoffMs(refund.attempts));
            await repos.payments.markRefundAccepted(refund.id, made.id, checkAt);
          } else {
            await repos.payments.markRefundFailed(refund.id, made.id, PROVIDER_REFUND_FAILED);
            logger.error(
              { refundId: refund.id, bookingId: refund.bookingId },
              'the provider failed a refund; an operator must look at it',
            );
          }
        } catch (error) {
          const refused = error instanceof ProviderRequestError;
          const givenUp = refused || refund.attempts >= REFUND_MAX_ATTEMPTS;
          const retryAt = givenUp
            ? null
            : new Date(clock.now().getTime() + backoffMs(refund.attempts));
          await repos.payments.markRefundTryFailed(refund.id, describeFailure(error), retryAt);
          const fields = {
            refundId: refund.id,
            bookingId: refund.bookingId,
            attempts: refund.attempts,
          };
          if (givenUp) logger.error(fields, 'refund failed; an operator must look at it');
          else logger.warn({ ...fields, retryAt }, 'refund not made yet; it will be tried again');
        }
      }
      return claimed.length;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
