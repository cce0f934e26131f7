import { consoleQuery } from './query';
import type {
  AdminCustomerDetailResponse,
  AdminCustomersResponse,
  AnonymiseCustomerResponse,
} from '@pehnava/shared';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { CONSOLE_MESSAGES } from './api';

/*
 * The Customers screen's calls (issue [K]), beside api.ts rather than in it: keyed the same way,
 * ['console', token, …], so one login's data never shows in another's and signing out clears it.
 */

/** The list's search and page, as they are kept in the address. */
export interface CustomerFilters {
  q?: string;
  page?: string;
}

export const customersQuery = (token: string, filters: CustomerFilters) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return consoleQuery({
    queryKey: ['console', token, 'customers', params.toString()] as const,
    queryFn: () =>
      apiGet<AdminCustomersResponse>(`/admin/customers?${params}`, CONSOLE_MESSAGES.loadFailed),
    // The old page stays on screen while the next loads, instead of a flash of "Loading".
    placeholderData: (previous) => previous,
  });
};

export const customerQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: ['console', token, 'customer', id] as const,
    queryFn: () =>
      apiGet<AdminCustomerDetailResponse>(
        `/admin/customers/${encodeURIComponent(id)}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
    // A removed customer is a 404 that asking again will not change; anything else is tried
    // once more, as every console query is.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export const anonymiseCustomer = (id: string, reason: string) =>
  apiRequest<AnonymiseCustomerResponse>(`/admin/customers/${encodeURIComponent(id)}/anonymise`, {
    method: 'POST',
    body: { reason },
    fallback: CONSOLE_MESSAGES.actionFailed,
  });
