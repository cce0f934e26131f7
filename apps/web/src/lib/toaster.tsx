import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

/**
 * Where toasts show (decision 030): bottom-right (SPEC.md §2) on a wide screen; on a phone, where
 * sonner stretches them across the screen, at the top, over the sticky header, so that they never
 * cover a page's own buttons (Verify & Create Account, ADD TO CART, Proceed to Checkout). The
 * width is sonner's own small-screen breakpoint.
 */
const PHONE = '(max-width: 600px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const onPhone = () => window.matchMedia(PHONE).matches;

/** The app's toasts: close after 2 s; loaded with the first one (lib/notify.ts). */
export function AppToaster() {
  const phone = useSyncExternalStore(subscribe, onPhone, () => false);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      duration={2000}
      richColors
      closeButton
    />
  );
}
