import { useQuery } from '@tanstack/react-query';
import {
  BOOKING_MESSAGES,
  type ClientConfigResponse,
  type CreateBookingBody,
  type CreateBookingResponse,
  type VerifyBookingBody,
  type VerifyBookingResponse,
  type VerifyStripeResponse,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';
import { PAYMENT_INIT_FAILED } from './payment-checkout';

/** What the payment modal opens with (GET /api/config): the provider's key and script. */
export const clientConfigQuery = {
  queryKey: ['config'],
  queryFn: async () =>
    (await apiGet<ClientConfigResponse>('/config', PAYMENT_INIT_FAILED)).payments,
  staleTime: Infinity,
} as const;

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/**
 * POST /api/booking/create: the server prices the lines, holds the pieces and the coupon, and
 * opens a payment order. Rejects with an ApiError (its status tells a 409 taken line apart).
 */
export function createBooking(body: CreateBookingBody): Promise<CreateBookingResponse> {
  return apiRequest<CreateBookingResponse>('/booking/create', {
    method: 'POST',
    body,
    fallback: { failed: BOOKING_MESSAGES.createFailed, error: BOOKING_MESSAGES.createError },
  });
}

/** POST /api/booking/verify: the provider's three ids for the booking just paid. */
export function verifyBooking(body: VerifyBookingBody): Promise<VerifyBookingResponse> {
  return apiRequest<VerifyBookingResponse>('/booking/verify', {
    method: 'POST',
    body,
    fallback: { failed: BOOKING_MESSAGES.verifyFailed, error: BOOKING_MESSAGES.verifyError },
  });
}

/**
 * POST /api/order/verifyStripe: back from Stripe Checkout, the result /verify read from its
 * address. The server asks Stripe itself; `success` is only what the address said. The session
 * token goes in a header named token, as SPEC.md §7 has it.
 */
export function verifyStripe(
  body: { success: boolean; orderId: string },
  token: string,
): Promise<VerifyStripeResponse> {
  return apiRequest<VerifyStripeResponse>('/order/verifyStripe', {
    method: 'POST',
    body,
    headers: { token },
    fallback: { failed: BOOKING_MESSAGES.verifyFailed, error: BOOKING_MESSAGES.verifyError },
  });
}
