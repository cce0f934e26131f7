import { useSyncExternalStore } from 'react';

/**
 * The PIN code the shopper's pieces go to (DECISIONS.md 'Delivery promise'): the last one a
 * checkout used, or the one typed on a product page, kept in this browser so every product page
 * shows its dates and 'Delivered by …' for it. Shared by the tabs; '' when none is known.
 */
const KEY = 'pehnava.pincode';
const listeners = new Set<() => void>();
/** Where storage is unavailable (private mode), the PIN code lasts as long as the page. */
let inMemory = '';

const read = (): string => {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return inMemory;
  }
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keep `pincode` as the shopper's delivery PIN code ('' forgets it). */
export function rememberDeliveryPincode(pincode: string): void {
  inMemory = pincode;
  try {
    if (pincode) localStorage.setItem(KEY, pincode);
    else localStorage.removeItem(KEY);
  } catch {
    // Kept in memory only (above).
  }
  listeners.forEach((listener) => listener());
}

/** The remembered delivery PIN code ('' on the server's render and when none is kept). */
export function useDeliveryPincode(): string {
  return useSyncExternalStore(subscribe, read, () => '');
}
