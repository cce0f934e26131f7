import { consoleQuery } from './query';
import type {
  AdminBookingDetailResponse,
  AdminTaxDocumentsResponse,
  AdminBookingsResponse,
  AtRiskChoiceBody,
  AtRiskChoiceResponse,
  AtRiskResponse,
  CheckInPreview,
  DispatchesResponse,
  NewTagsResponse,
  DispatchBody,
  ProductListResponse,
  ProfileResponse,
  ReturnBody,
  ShopHealthResponse,
  TagsPrintedResponse,
  TodayResponse,
  TokenResponse,
  UnitBlockBody,
  UnitStateBody,
  UnitStateResponse,
  UnitsResponse,
  UtilisationResponse,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../lib/api-client';

/*
 * The operator console's calls to the admin API (SPEC.md §7's shapes for bookings; the admin
 * routes of issues [G], [J] and [K]). Keyed ['console', token, …] so one login's data never shows
 * in another's.
 */

const key = (token: string, ...parts: unknown[]) => ['console', token, ...parts] as const;

export const CONSOLE_MESSAGES = {
  loadFailed: 'Could not load this: check the connection and try again',
  actionFailed: 'That did not go through: nothing changed',
  signInFailed: 'Login failed',
} as const;

export const consoleProfileQuery = (token: string) =>
  consoleQuery({
    queryKey: key(token, 'profile'),
    queryFn: async () =>
      (await apiGet<ProfileResponse>('/user/profile', CONSOLE_MESSAGES.loadFailed)).user,
    staleTime: 60_000,
  });

export const todayQuery = (token: string) =>
  consoleQuery({
    queryKey: key(token, 'today'),
    queryFn: () => apiGet<TodayResponse>('/admin/today', CONSOLE_MESSAGES.loadFailed),
    refetchInterval: 60_000,
  });

/** Today's health line (admins): mail waiting, refunds, payments the reconciliation watches. */
export const shopHealthQuery = (token: string) =>
  consoleQuery({
    queryKey: key(token, 'health'),
    queryFn: () => apiGet<ShopHealthResponse>('/admin/health', CONSOLE_MESSAGES.loadFailed),
    refetchInterval: 60_000,
  });

/** The bookings list's filters, as they are kept in the address. */
export interface BookingFilters {
  status?: string;
  paymentStatus?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: string;
}

export const bookingsQuery = (token: string, filters: BookingFilters) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return consoleQuery({
    queryKey: key(token, 'bookings', params.toString()),
    queryFn: () =>
      apiGet<AdminBookingsResponse>(`/admin/bookings?${params}`, CONSOLE_MESSAGES.loadFailed),
    placeholderData: (previous) => previous,
  });
};

export const bookingQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: key(token, 'booking', id),
    queryFn: async () =>
      (
        await apiGet<AdminBookingDetailResponse>(
          `/admin/bookings/${encodeURIComponent(id)}`,
          CONSOLE_MESSAGES.loadFailed,
        )
      ).booking,
  });

/** A booking's tax invoices and credit notes, in the order issued (empty before a payment). */
export const taxDocumentsQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: key(token, 'tax-documents', id),
    queryFn: async () =>
      (
        await apiGet<AdminTaxDocumentsResponse>(
          `/admin/bookings/${encodeURIComponent(id)}/tax-documents`,
          CONSOLE_MESSAGES.loadFailed,
        )
      ).documents,
  });

/** A booking's pieces at risk and their choices (empty `lines` when none is). */
export const atRiskQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: key(token, 'at-risk', id),
    queryFn: () =>
      apiGet<AtRiskResponse>(
        `/admin/bookings/${encodeURIComponent(id)}/at-risk`,
        CONSOLE_MESSAGES.loadFailed,
      ),
  });

/** A day's send list (today's, with the fit-window exchanges waiting, when no day is named). */
export const dispatchesQuery = (token: string, date: string | undefined) =>
  consoleQuery({
    queryKey: key(token, 'dispatches', date ?? 'today'),
    queryFn: () =>
      apiGet<DispatchesResponse>(
        `/admin/dispatches${date ? `?date=${date}` : ''}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
    refetchInterval: 60_000,
  });

export const checkInPreview = (code: string, returnedOn?: string) =>
  apiGet<CheckInPreview>(
    `/admin/check-in/${encodeURIComponent(code.trim())}${returnedOn ? `?returnedOn=${returnedOn}` : ''}`,
    CONSOLE_MESSAGES.loadFailed,
  );

const post = <T>(path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', body, fallback: CONSOLE_MESSAGES.actionFailed });

const bookingPath = (id: string, action: string) =>
  `/admin/bookings/${encodeURIComponent(id)}/${action}`;

/** Every booking action answers the booking as it now is, with a message. */
export const bookingActions = {
  dispatch: (id: string, body: DispatchBody = {}) =>
    post<AdminBookingDetailResponse>(bookingPath(id, 'dispatch'), body),
  recordReturn: (id: string, body: ReturnBody) =>
    post<AdminBookingDetailResponse>(bookingPath(id, 'return'), body),
  advance: (id: string, status: 'processing' | 'shipped' | 'delivered') =>
    post<AdminBookingDetailResponse>(bookingPath(id, 'status'), { status }),
  tracking: (
    id: string,
    body: { provider?: string; trackingId?: string; status?: string; deliveryETA?: string },
  ) => post<AdminBookingDetailResponse>(bookingPath(id, 'tracking'), body),
  cancel: (id: string, reason: string) =>
    post<AdminBookingDetailResponse>(bookingPath(id, 'cancel'), { reason }),
  chooseAtRisk: (id: string, body: AtRiskChoiceBody) =>
    post<AtRiskChoiceResponse>(bookingPath(id, 'at-risk'), body),
  waive: (id: string, chargeId: string, reason: string) =>
    post<AdminBookingDetailResponse>(
      bookingPath(id, `charges/${encodeURIComponent(chargeId)}/waive`),
      { reason },
    ),
};

export const signIn = (email: string, password: string) =>
  apiRequest<TokenResponse>('/user/login', {
    method: 'POST',
    body: { email, password },
    fallback: { failed: CONSOLE_MESSAGES.signInFailed, error: 'Login error' },
  });

export const unitsQuery = (token: string, productId: string) =>
  consoleQuery({
    queryKey: key(token, 'units', productId),
    queryFn: () =>
      apiGet<UnitsResponse>(
        `/admin/units?productId=${encodeURIComponent(productId)}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
  });

export const utilisationQuery = (token: string, from: string, to: string, page: number) =>
  consoleQuery({
    queryKey: key(token, 'utilisation', from, to, page),
    queryFn: () =>
      apiGet<UtilisationResponse>(
        `/admin/utilisation?from=${from}&to=${to}&page=${page}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
    placeholderData: (previous) => previous,
  });

/** The shop's own list (every product, shown or hidden), to pick one by name or code. */
export const shopProductsQuery = () =>
  consoleQuery({
    queryKey: ['console-shop-products'],
    queryFn: () => apiGet<ProductListResponse>('/product/list', CONSOLE_MESSAGES.loadFailed),
    staleTime: 60_000,
  });

const unitPath = (code: string, rest = '') => `/admin/units/${encodeURIComponent(code)}${rest}`;

/** Pieces whose tags were never printed, across the catalogue. */
export const newTagsQuery = (token: string) =>
  consoleQuery({
    queryKey: key(token, 'new-tags'),
    queryFn: () => apiGet<NewTagsResponse>('/admin/units/new-tags', CONSOLE_MESSAGES.loadFailed),
  });

/** Unit actions answer the unit as it now is, with a message. */
export const unitActions = {
  block: (code: string, body: UnitBlockBody) =>
    post<UnitStateResponse>(unitPath(code, '/blocks'), body),
  lift: (code: string, blockId: string) =>
    apiRequest<UnitStateResponse>(unitPath(code, `/blocks/${encodeURIComponent(blockId)}`), {
      method: 'DELETE',
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
  setState: (code: string, state: UnitStateBody['state'], note: string) =>
    post<UnitStateResponse>(unitPath(code, '/state'), { state, note }),
  tagsPrinted: (codes: string[]) =>
    post<TagsPrintedResponse>('/admin/units/tags-printed', { codes }),
};
