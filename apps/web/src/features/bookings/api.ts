import { BOOKING_MESSAGES, type CancelBookingResponse } from '@pehnava/shared';
import { apiRequest } from '../../lib/api-client';

/** POST /api/booking/{id}/cancel: cancel a paid booking before dispatch, with a full refund. */
export function cancelBooking(bookingId: string): Promise<CancelBookingResponse> {
  return apiRequest<CancelBookingResponse>(`/booking/${bookingId}/cancel`, {
    method: 'POST',
    fallback: { failed: BOOKING_MESSAGES.cancelFailed, error: BOOKING_MESSAGES.cancelError },
  });
}
