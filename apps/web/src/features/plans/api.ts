import {
  SUBSCRIPTION_MESSAGES as M,
  type ConfirmPlanPaymentResponse,
  type SubscribeResponse,
  type SubscriptionAnswer,
  type VerifySubscriptionBody,
} from '@pehnava/shared';
import { apiRequest } from '../../lib/api-client';

/** POST /api/subscription/subscribe: a payment order for Plus or Pro; Free cancels at once. */
export function subscribe(plan: string): Promise<SubscribeResponse> {
  return apiRequest<SubscribeResponse>('/subscription/subscribe', {
    method: 'POST',
    body: { plan },
    fallback: { failed: M.createOrderFailed, error: M.subscriptionError },
  });
}

/** POST /api/subscription/verify: the checkout's three ids for a plan order just paid. */
export function verifyPlanPayment(body: VerifySubscriptionBody): Promise<SubscriptionAnswer> {
  return apiRequest<SubscriptionAnswer>('/subscription/verify', {
    method: 'POST',
    body,
    fallback: { failed: M.verifyFailed, error: M.verifyError },
  });
}

/** POST /api/subscription/cancel: now (`immediate`) or at the end of the period. */
export function cancelPlan(immediate: boolean): Promise<SubscriptionAnswer> {
  return apiRequest<SubscriptionAnswer>('/subscription/cancel', {
    method: 'POST',
    body: { immediate },
    fallback: { failed: M.cancelFailed, error: M.cancelError },
  });
}

/**
 * POST /api/subscription/confirm: back from a redirect provider's page, the server asks the
 * provider whether the shopper's plan order was paid and activates it (the return address's
 * `payment=success` is not believed).
 */
export function confirmPlanPayment(): Promise<ConfirmPlanPaymentResponse> {
  return apiRequest<ConfirmPlanPaymentResponse>('/subscription/confirm', {
    method: 'POST',
    fallback: { failed: M.verifyFailed, error: M.verifyError },
  });
}
