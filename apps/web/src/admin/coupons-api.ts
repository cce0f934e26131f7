import { consoleQuery } from './query';
import type {
  AdminCouponCreateInput,
  AdminCouponPatchInput,
  AdminCouponResponse,
  AdminCouponsResponse,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../lib/api-client';
import { CONSOLE_MESSAGES } from './api';

/*
 * The Coupons screen's calls to the admin API (issue [K]). Keyed under ['console', token, …] like
 * the rest of the console, so one login's data never shows in another's and a sign-out clears it.
 */

/** The coupons list's filters, as they are kept in the address. */
export interface CouponFilters {
  q?: string;
  /** 'true' for active coupons only, 'false' for paused ones. */
  active?: string;
  page?: string;
}

export const couponsQuery = (token: string, filters: CouponFilters) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return consoleQuery({
    queryKey: ['console', token, 'coupons', params.toString()] as const,
    queryFn: () =>
      apiGet<AdminCouponsResponse>(`/admin/coupons?${params}`, CONSOLE_MESSAGES.loadFailed),
    // The last page stays on screen while the next loads (no flash of 'Loading' on each filter).
    placeholderData: (previous) => previous,
  });
};

export const couponQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: ['console', token, 'coupon', id] as const,
    queryFn: async () =>
      (
        await apiGet<AdminCouponResponse>(
          `/admin/coupons/${encodeURIComponent(id)}`,
          CONSOLE_MESSAGES.loadFailed,
        )
      ).coupon,
  });

/** Each answers the coupon as it now is, with a message to show. */
export const couponActions = {
  create: (body: AdminCouponCreateInput) =>
    apiRequest<AdminCouponResponse>('/admin/coupons', {
      method: 'POST',
      body,
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
  update: (id: string, body: AdminCouponPatchInput) =>
    apiRequest<AdminCouponResponse>(`/admin/coupons/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
};
