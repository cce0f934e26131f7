import { useSyncExternalStore } from 'react';
import { languageOfPath } from '@pehnava/shared';

/**
 * Toasts (sonner), loaded on first use so they stay out of the first page load: neither the
 * library nor its Toaster is fetched, run or rendered until there is something to say. Every
 * message a shopper sees goes through here.
 */
const loadSonner = () => import('sonner');
// A Hindi page's toasts say an API or shared message in Hindi (decision 086).
const loadLanguage = () => import('../i18n/api-messages');

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
  const english = languageOfPath(location.pathname) === 'en';
  void Promise.all([loadSonner(), english ? undefined : loadLanguage()]).then(
    async ([{ toast }, words]) =>
      toast[kind](words ? await words.inPageLanguage(message) : message),
  );
}

export const notify = {
  success: (message: string) => say('success', message),
  error: (message: string) => say('error', message),
  info: (message: string) => say('info', message),
};
