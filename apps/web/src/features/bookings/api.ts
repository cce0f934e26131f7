import {
  EXTENSION_MESSAGES,
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  type AtRiskChoiceBody,
  type AtRiskChoiceResponse,
  type AtRiskResponse,
  type BalanceResult,
  type BookingInvoicesResponse,
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
import { ApiError, apiGet, apiRequest } from '../../lib/api-client';
import { endSession, getToken } from '../../lib/session';

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

/*
 * The calls below whose failure has no message of the shared rules take the one to show when the
 * server gives none (`failed`), in the page's language, from the component that calls them.
 */

/** POST /api/booking/{id}/items/{itemId}/report: within 24 hours of delivery. */
export function reportItem(
  bookingId: string,
  itemId: string,
  body: ReportItemBody,
  failed: string,
): Promise<ReportItemResponse> {
  return apiRequest<ReportItemResponse>(`/booking/${bookingId}/items/${itemId}/report`, {
    method: 'POST',
    body,
    fallback: failed,
  });
}

/** GET /api/booking/{id}/at-risk: the booking's pieces at risk and the shopper's choices. */
export function atRiskChoices(bookingId: string, failed: string): Promise<AtRiskResponse> {
  return apiGet<AtRiskResponse>(`/booking/${encodeURIComponent(bookingId)}/at-risk`, failed);
}

/** POST /api/booking/{id}/at-risk: another size, another piece, or cancel with a full refund. */
export function chooseAtRisk(
  bookingId: string,
  body: AtRiskChoiceBody,
  failed: string,
): Promise<AtRiskChoiceResponse> {
  return apiRequest<AtRiskChoiceResponse>(`/booking/${encodeURIComponent(bookingId)}/at-risk`, {
    method: 'POST',
    body,
    fallback: failed,
  });
}

/** GET /api/booking/{id}/invoice (JSON): the booking's tax invoices and credit notes. */
export function taxDocuments(bookingId: string, failed: string): Promise<BookingInvoicesResponse> {
  return apiGet<BookingInvoicesResponse>(
    `/booking/${encodeURIComponent(bookingId)}/invoice`,
    failed,
  );
}

/**
 * The file name a Content-Disposition header gives ('attachment; filename="Pehnava-….pdf"', or
 * RFC 6266's filename*=UTF-8''…), without any folder part; undefined when it gives none.
 */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition)?.slice(1).find(Boolean);
  const base = name?.split(/[\\/]/).at(-1)?.trim();
  return base || undefined;
}

/**
 * One tax document of a booking as a PDF (GET /api/booking/{id}/invoice?number=…, asking for
 * application/pdf): its bytes and the file name the server gave it. Not through apiRequest, which
 * reads JSON; failures are read as it reads them (the server's message, a 401 ends the session).
 */
export async function taxDocumentPdf(
  bookingId: string,
  number: string,
  failed: string,
): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/pdf' };
  if (token) headers.authorization = `Bearer ${token}`;
  const path = `/api/booking/${encodeURIComponent(bookingId)}/invoice?number=${encodeURIComponent(number)}`;
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, failed);
  }
  if (!res.ok || !res.headers.get('content-type')?.startsWith('application/pdf')) {
    if (res.status === 401 && token) endSession('expired', token);
    const data: unknown = await res.json().catch(() => undefined);
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : failed;
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  return {
    blob,
    fileName:
      fileNameOf(res.headers.get('content-disposition')) ??
      `Pehnava-${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
  };
}
