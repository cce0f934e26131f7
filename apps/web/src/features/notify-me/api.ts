import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotifyMeBody,
  NotifyMeCancelResponse,
  NotifyMeListResponse,
  NotifyMeResponse,
  NotifyRequest,
} from '@pehnava/shared';
import type { Catalogue } from '../../i18n/messages';
import { apiGet, apiRequest } from '../../lib/api-client';
import { ACCOUNT_QUERY_KEY, getToken, useToken } from '../../lib/session';

/**
 * 'Notify me' (DECISIONS.md): a signed-in shopper's requests to be e-mailed when a size frees up
 * for their dates. The list is the shopper's own, under ['account', token, …], so it goes when the
 * session ends (lib/session.ts).
 */
const listKey = (token: string) => [ACCOUNT_QUERY_KEY, token, 'notify-me'] as const;

/**
 * What is said when the server gives no message (or cannot be reached). Written in English here,
 * as an error's message; a page says each in its language by the same key in the notify-me
 * messages (`sayFailure`, notify-me/fallbacks.test.ts checks they match). This module has no
 * catalogue of its own: its tests run without the catalogues' compiler.
 */
export const NOTIFY_ME_FALLBACKS = {
  loadFailed: 'Could not load your requests',
  saveFailed: 'Could not save your request. Please try again.',
  cancelFailed: 'Could not cancel your request. Please try again.',
  unreachable: 'Could not reach Pehnava. Please check your connection and try again.',
} as const;

export type NotifyMeFallback = keyof typeof NOTIFY_ME_FALLBACKS;

/**
 * A failure's message in the page's language: one of NOTIFY_ME_FALLBACKS from `m` (the notify-me
 * messages), any other (the server's own) as it is, for the caller to show as the API's words.
 */
export function sayFailure(message: string, m: Catalogue<NotifyMeFallback>): string {
  const fallback = (Object.keys(NOTIFY_ME_FALLBACKS) as NotifyMeFallback[]).find(
    (key) => NOTIFY_ME_FALLBACKS[key] === message,
  );
  return fallback ? m[fallback]() : message;
}

/** GET /api/notify-me: open, e-mailed and expired requests (not cancelled), newest first. */
export const notifyRequestsQuery = (token: string) =>
  queryOptions({
    queryKey: listKey(token),
    queryFn: async () =>
      (await apiGet<NotifyMeListResponse>('/notify-me', NOTIFY_ME_FALLBACKS.loadFailed)).requests,
    staleTime: 30_000,
  });

/** The shopper's requests; off for a visitor. */
export function useNotifyRequests({ enabled = true }: { enabled?: boolean } = {}) {
  const token = useToken();
  return useQuery({ ...notifyRequestsQuery(token ?? ''), enabled: enabled && Boolean(token) });
}

/** The request for exactly this size, start date and length, if the shopper has one open. */
export const openRequestFor = (
  requests: readonly NotifyRequest[] | undefined,
  want: Pick<NotifyRequest, 'productId' | 'size' | 'startDate' | 'duration'>,
) =>
  requests?.find(
    (r) =>
      r.status === 'open' &&
      r.productId === want.productId &&
      r.size === want.size &&
      r.startDate === want.startDate &&
      r.duration === want.duration,
  );

/** POST /api/notify-me: 201 a new request, 200 the same one already open. */
export function askToNotify(body: NotifyMeBody): Promise<NotifyMeResponse> {
  return apiRequest<NotifyMeResponse>('/notify-me', {
    method: 'POST',
    body,
    fallback: { failed: NOTIFY_ME_FALLBACKS.saveFailed, error: NOTIFY_ME_FALLBACKS.unreachable },
  });
}

/** DELETE /api/notify-me/{id}: no e-mail about it any more. */
export function cancelNotifyRequest(id: string): Promise<NotifyMeCancelResponse> {
  return apiRequest<NotifyMeCancelResponse>(`/notify-me/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: { failed: NOTIFY_ME_FALLBACKS.cancelFailed, error: NOTIFY_ME_FALLBACKS.unreachable },
  });
}

/**
 * Keep the cached list in step with a change the server confirmed (a request made or cancelled),
 * then ask for it again. A list not loaded yet is left to load when first shown.
 */
export function useUpdateNotifyRequests() {
  const client = useQueryClient();
  return (change: (list: NotifyRequest[]) => NotifyRequest[]) => {
    const token = getToken();
    if (!token) return;
    const queryKey = listKey(token);
    client.setQueryData<NotifyRequest[]>(queryKey, (list) => list && change(list));
    void client.invalidateQueries({ queryKey });
  };
}

/**
 * The address the e-mail's link goes to, within the app: the server gives it absolute
 * (`${site}/product/{id}?size=…&start=…&days=…`), and the site may be named otherwise there.
 */
export function linkPath(link: string): string {
  const url = new URL(link, 'https://pehnava.invalid');
  return `${url.pathname}${url.search}`;
}
