import { useSyncExternalStore } from 'react';

/**
 * The shopper's session: the bearer token, kept in localStorage (SPEC.md §4) and shared by every
 * tab. Only the token lives here; the profile and subscription are server state (TanStack Query,
 * features/account). Small on purpose: it is part of every page's first load.
 */
const KEY = 'pehnava.token';
/** Repeated logouts within this long are ignored (SPEC.md §9). */
const LOGOUT_GUARD_MS = 1000;

export type SessionEnd = 'logout' | 'expired';

/**
 * The first part of the query key of everything that belongs to the shopper (profile,
 * subscription, cart, wishlist, bookings), followed by the token: ['account', token, …]. All of it
 * is dropped when the session ends.
 */
export const ACCOUNT_QUERY_KEY = 'account';

const read = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

let token = typeof window === 'undefined' ? null : read();
let lastEnd = 0;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEnd) => void>();

function write(next: string | null) {
  token = next;
  try {
    if (next) localStorage.setItem(KEY, next);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private mode): the session then lasts as long as the page.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logged in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    token = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getToken = () => token;

/** The current token, or null for a visitor; re-renders on login and logout, in any tab. */
export const useToken = () => useSyncExternalStore(subscribe, getToken, () => null);

/** After login, OTP verification or a password change: keep the new token. */
export const startSession = (next: string) => write(next);

/** Drop the token without the logout message (the account is gone: deletion). */
export const forgetSession = () => write(null);

/**
 * End the session: a logout (repeats within 1 s ignored), or a 401 on a call made with `usedToken`
 * (ignored when that token is no longer the current one). Listeners show the message and move on.
 */
export function endSession(reason: SessionEnd, usedToken: string | null = token) {
  if (!token || usedToken !== token) return;
  const now = Date.now();
  if (reason === 'logout' && now - lastEnd < LOGOUT_GUARD_MS) return;
  lastEnd = now;
  write(null);
  endListeners.forEach((listener) => listener(reason));
}

export function onSessionEnd(listener: (reason: SessionEnd) => void) {
  endListeners.add(listener);
  return () => void endListeners.delete(listener);
}
