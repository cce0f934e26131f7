import {
  EXTENSION_MESSAGES,
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  type AtRiskChoiceBody,
  type AtRiskChoiceResponse,
  type AtRiskResponse,
  type BalanceResult,
  type CancelBookingResponse,
  type ExtendResponse,
  type ExtensionQuote,
  type ExtensionResult,
  type PayBalanceResponse,
  type ReportItemBody,
  type ReportItemResponse,
  type VerifyBalanceBody,
  type VerifyExtensionBody,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';

/** POST /api/booking/{id}/cancel: cancel a paid booking before dispatch, with a full refund. */
export function cancelBooking(bookingId: string): Promise<CancelBookingResponse> {
  return apiRequest<CancelBookingResponse>(`/booking/${bookingId}/cancel`, {
    method: 'POST',
    fallback: { failed: BOOKING_MESSAGES.cancelFailed, error: BOOKING_MESSAGES.cancelError },
  });
}

/** POST /api/booking/{id}/balance: a payment order for the charges due now, priced by the server. */
export function payBalance(bookingId: string): Promise<PayBalanceResponse> {
  return apiRequest<PayBalanceResponse>(`/booking/${bookingId}/balance`, {
    method: 'POST',
    fallback: CHARGE_MESSAGES.balanceOpenFailed,
  });
}

/** POST /api/booking/{id}/balance/verify: the provider's three ids for the balance just paid. */
export function verifyBalance(bookingId: string, body: VerifyBalanceBody): Promise<BalanceResult> {
  return apiRequest<BalanceResult>(`/booking/${bookingId}/balance/verify`, {
    method: 'POST',
    body,
    fallback: CHARGE_MESSAGES.balanceVerifyFailed,
  });
}

/** POST /api/booking/{id}/balance/confirm: back from a redirect provider's page. */
export function confirmBalance(bookingId: string): Promise<BalanceResult> {
  return apiRequest<BalanceResult>(`/booking/${bookingId}/balance/confirm`, {
    method: 'POST',
    fallback: CHARGE_MESSAGES.balanceVerifyFailed,
  });
}

/** GET /api/booking/{id}/extend: whether, for how many days and at what price it can be kept. */
export function extensionQuote(bookingId: string): Promise<ExtensionQuote> {
  return apiGet<ExtensionQuote>(
    `/booking/${encodeURIComponent(bookingId)}/extend`,
    EXTENSION_MESSAGES.quoteFailed,
  );
}

/** POST /api/booking/{id}/extend: a payment order for `days` more, priced by the server. */
export function extendBooking(bookingId: string, days: number): Promise<ExtendResponse> {
  return apiRequest<ExtendResponse>(`/booking/${encodeURIComponent(bookingId)}/extend`, {
    method: 'POST',
    body: { days },
    fallback: EXTENSION_MESSAGES.openFailed,
  });
}

/** POST /api/booking/{id}/extend/verify: the provider's three ids for the extension just paid. */
export function verifyExtension(
  bookingId: string,
  body: VerifyExtensionBody,
): Promise<ExtensionResult> {
  return apiRequest<ExtensionResult>(`/booking/${encodeURIComponent(bookingId)}/extend/verify`, {
    method: 'POST',
    body,
    fallback: EXTENSION_MESSAGES.verifyFailed,
  });
}

/** POST /api/booking/{id}/extend/confirm: back from a redirect provider's page. */
export function confirmExtension(bookingId: string): Promise<ExtensionResult> {
  return apiRequest<ExtensionResult>(`/booking/${encodeURIComponent(bookingId)}/extend/confirm`, {
    method: 'POST',
    fallback: EXTENSION_MESSAGES.verifyFailed,
  });
}

/** POST /api/booking/{id}/items/{itemId}/report: within 24 hours of delivery. */
export function reportItem(
  bookingId: string,
  itemId: string,
  body: ReportItemBody,
): Promise<ReportItemResponse> {
  return apiRequest<ReportItemResponse>(`/booking/${bookingId}/items/${itemId}/report`, {
    method: 'POST',
    body,
    fallback: 'Could not send your report. Please try again.',
  });
}

/** GET /api/booking/{id}/at-risk: the booking's pieces at risk and the shopper's choices. */
export function atRiskChoices(bookingId: string): Promise<AtRiskResponse> {
  return apiGet<AtRiskResponse>(
    `/booking/${encodeURIComponent(bookingId)}/at-risk`,
    'Could not load your booking. Please try again.',
  );
}

/** POST /api/booking/{id}/at-risk: another size, another piece, or cancel with a full refund. */
export function chooseAtRisk(
  bookingId: string,
  body: AtRiskChoiceBody,
): Promise<AtRiskChoiceResponse> {
  return apiRequest<AtRiskChoiceResponse>(`/booking/${encodeURIComponent(bookingId)}/at-risk`, {
    method: 'POST',
    body,
    fallback: 'Could not save your choice. Please try again.',
  });
}
