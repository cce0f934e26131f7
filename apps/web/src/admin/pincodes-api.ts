import { consoleQuery } from './query';
import type {
  NotServedCreateInput,
  NotServedCreatedResponse,
  NotServedListResponse,
  NotServedRemovedResponse,
  PincodeResponse,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../lib/api-client';
import { CONSOLE_MESSAGES } from './api';

/*
 * The Pincodes screen's calls (decision 068): the admin list of pincodes not served, and the
 * shop's own pincode lookup. Keyed under ['console', token, …] like the rest of the console.
 */

export const notServedQuery = (token: string) =>
  consoleQuery({
    queryKey: ['console', token, 'pincodes-not-served'] as const,
    queryFn: async () =>
      (
        await apiGet<NotServedListResponse>(
          '/admin/pincodes/not-served',
          CONSOLE_MESSAGES.loadFailed,
        )
      ).notServed,
  });

export const notServedActions = {
  add: (body: NotServedCreateInput) =>
    apiRequest<NotServedCreatedResponse>('/admin/pincodes/not-served', {
      method: 'POST',
      body,
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
  remove: (prefix: string) =>
    apiRequest<NotServedRemovedResponse>(
      `/admin/pincodes/not-served/${encodeURIComponent(prefix)}`,
      { method: 'DELETE', fallback: CONSOLE_MESSAGES.actionFailed },
    ),
  /**
   * GET /api/pincode/{pincode}, as a shopper's address form asks it, but never from the
   * browser's cache (the shop's answer may be kept 10 minutes): a change made here shows at once.
   */
  lookup: (pincode: string) =>
    apiRequest<PincodeResponse>(`/pincode/${encodeURIComponent(pincode)}`, {
      fallback: CONSOLE_MESSAGES.loadFailed,
      headers: { 'cache-control': 'no-cache' },
    }),
};
