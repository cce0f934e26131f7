import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES,
  BOOKING_MESSAGES,
  FREE_SUBSCRIPTION,
  MESSAGES,
  type Booking,
  type CartResponse,
  type MyBookingsResponse,
  type MySubscriptionResponse,
  type Product,
  type ProfileResponse,
  type WishlistChangeResponse,
  type WishlistResponse,
} from '@pehnava/shared';
import { useMemo } from 'react';
import { apiGet, apiRequest } from './api-client';
import { ACCOUNT_QUERY_KEY, getToken, useToken } from './session';

/**
 * The signed-in shopper's own server state, shared by every feature that shows it: profile,
 * subscription (the plan drives every price), cart, wishlist and bookings. Keyed ['account', token, …] so a
 * session's data never shows in another and all of it goes when the session ends. Not part of the
 * first page load: only lazily loaded code imports this.
 */
const key = (token: string, part: string) => [ACCOUNT_QUERY_KEY, token, part] as const;

export const profileQuery = (token: string) =>
  queryOptions({
    queryKey: key(token, 'profile'),
    queryFn: async () =>
      (await apiGet<ProfileResponse>('/user/profile', ACCOUNT_MESSAGES.profileLoadFailed)).user,
    staleTime: 60_000,
  });

export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: key(token, 'subscription'),
    queryFn: async () =>
      (
        await apiGet<MySubscriptionResponse>(
          '/subscription/me',
          ACCOUNT_MESSAGES.subscriptionLoadFailed,
        )
      ).subscription,
    staleTime: 60_000,
  });

export const cartQuery = (token: string) =>
  queryOptions({
    queryKey: key(token, 'cart'),
    queryFn: () => apiGet<CartResponse>('/cart', MESSAGES.failedToLoadCart),
    staleTime: 30_000,
  });

export const wishlistQuery = (token: string) =>
  queryOptions({
    queryKey: key(token, 'wishlist'),
    queryFn: async () =>
      (await apiGet<WishlistResponse>('/wishlist/get', MESSAGES.failedToLoadWishlist)).wishlist,
    staleTime: 60_000,
  });

/** The shopper's bookings, newest first (GET /api/booking/my): My Bookings and the profile count. */
export const bookingsQuery = (token: string) =>
  queryOptions({
    queryKey: key(token, 'bookings'),
    queryFn: async () =>
      (await apiGet<MyBookingsResponse>('/booking/my', BOOKING_MESSAGES.failedToLoadBookings))
        .bookings,
    staleTime: 60_000,
  });

// Each is off for a visitor (no token).
export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery(token ?? ''), enabled: Boolean(token) });
}
export function useSubscription() {
  const token = useToken();
  return useQuery({ ...subscriptionQuery(token ?? ''), enabled: Boolean(token) });
}
export function useCart() {
  const token = useToken();
  return useQuery({ ...cartQuery(token ?? ''), enabled: Boolean(token) });
}
export function useWishlist() {
  const token = useToken();
  return useQuery({ ...wishlistQuery(token ?? ''), enabled: Boolean(token) });
}
export function useBookings() {
  const token = useToken();
  return useQuery({ ...bookingsQuery(token ?? ''), enabled: Boolean(token) });
}

/** Bookings whose payment went through: the only ones My Bookings lists and the profile counts. */
export const paidBookings = (bookings: readonly Booking[]): Booking[] =>
  bookings.filter((booking) => booking.paymentStatus === 'completed');

/**
 * Load the shopper's data ahead of need (SPEC.md §4): after a login the profile, subscription,
 * cart and wishlist; at start with a stored token the bookings as well.
 */
export function prefetchShopper(client: QueryClient, token: string, { atStart = false } = {}) {
  for (const query of [profileQuery, subscriptionQuery, cartQuery, wishlistQuery]) {
    void client.prefetchQuery(query(token) as ReturnType<typeof profileQuery>);
  }
  if (atStart) void client.prefetchQuery(bookingsQuery(token));
}

/** The plan prices are shown for: the shopper's, or free for a visitor (and while it loads). */
export function useSubscriptionOrFree() {
  return useSubscription().data ?? FREE_SUBSCRIPTION;
}

/** Items in the cart: the sum of quantities, an item without one counting 1 (SPEC.md §2). */
export function useCartCount(): number {
  const cart = useCart().data?.cart ?? [];
  return cart.reduce((sum, item) => sum + (item.quantity || 1), 0);
}

/** Refetch the cart after a change (add, remove, clear, booking). */
export function useRefreshCart() {
  const client = useQueryClient();
  return () => {
    const token = getToken();
    if (token) void client.invalidateQueries({ queryKey: key(token, 'cart') });
  };
}

/**
 * After a plan change: the plan drives every price, so the subscription and the cart (priced by
 * the server for the plan) are fetched again; cards and the product page follow the subscription.
 */
export function useRefreshPlan() {
  const client = useQueryClient();
  return async () => {
    const token = getToken();
    if (!token) return;
    await Promise.all([
      client.invalidateQueries({ queryKey: key(token, 'subscription') }),
      client.invalidateQueries({ queryKey: key(token, 'cart') }),
    ]);
  };
}

/** Refetch the bookings (after a payment, or the Refresh button); resolves when they are in. */
export function useRefreshBookings() {
  const client = useQueryClient();
  return async () => {
    const token = getToken();
    if (token) await client.invalidateQueries({ queryKey: key(token, 'bookings') });
  };
}

/** The ids in the wishlist, and a toggle that saves at once and says how it went. */
export function useWishlistToggle() {
  const client = useQueryClient();
  const { data: wishlist } = useWishlist();
  const ids = useMemo(() => new Set((wishlist ?? []).map((p) => p._id)), [wishlist]);

  /** Resolves to the message shown; rejects (ApiError) with the message to show. */
  const toggle = async (product: Product): Promise<string> => {
    const token = getToken();
    if (!token) throw new Error(MESSAGES.loginForWishlist);
    const queryKey = key(token, 'wishlist');
    const removing = ids.has(product._id);
    const before = client.getQueryData<Product[]>(queryKey);
    // Shown at once; put back if the server says no.
    client.setQueryData<Product[]>(queryKey, (list = []) =>
      removing ? list.filter((p) => p._id !== product._id) : [product, ...list],
    );
    try {
      const { message } = await apiRequest<WishlistChangeResponse>(
        removing ? '/wishlist/remove' : '/wishlist/add',
        {
          method: 'POST',
          body: { productId: product._id },
          fallback: removing ? MESSAGES.removeFromWishlistFailed : MESSAGES.addToWishlistFailed,
        },
      );
      return message || (removing ? MESSAGES.removedFromWishlist : MESSAGES.addedToWishlist);
    } catch (error) {
      client.setQueryData(queryKey, before);
      throw error;
    } finally {
      void client.invalidateQueries({ queryKey });
    }
  };

  return { ids, toggle, ready: wishlist !== undefined };
}

/** After a password change: the shopper's cached data follows them to the new token. */
export function moveShopperData(client: QueryClient, from: string, to: string) {
  for (const [queryKey, data] of client.getQueriesData({ queryKey: [ACCOUNT_QUERY_KEY, from] })) {
    if (data !== undefined)
      client.setQueryData([ACCOUNT_QUERY_KEY, to, ...queryKey.slice(2)], data);
  }
}
