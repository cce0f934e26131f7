import { useSyncExternalStore } from 'react';

/**
 * Toasts (sonner), loaded on first use so they stay out of the first page load: neither the
 * library nor its Toaster is fetched, run or rendered until there is something to say. Every
 * message a shopper sees goes through here.
 */
const loadSonner = () => import('sonner');

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True once something has been said: the app then mounts the Toaster (it replays the toast). */
export const useToasterWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );

function say(kind: 'success' | 'error' | 'info', message: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void loadSonner().then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => say('success', message),
  error: (message: string) => say('error', message),
  info: (message: string) => say('info', message),
};
