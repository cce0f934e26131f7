import { languageOfPath } from '@pehnava/shared';
import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { appMessages } from '../i18n/app';
import { LanguageProvider, useMessages } from '../i18n/messages';

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

/**
 * The app's toasts: close after 2 s; loaded with the first one (lib/notify.ts). Mounted beside the
 * app, outside its LanguageProvider (app/providers.tsx), so the address says the language, as it
 * does for the app (main.tsx) and for what the toasts say (i18n/api-messages.ts).
 */
export function AppToaster() {
  const language = typeof location === 'undefined' ? 'en' : languageOfPath(location.pathname);
  return (
    <LanguageProvider value={language}>
      <Toasts />
    </LanguageProvider>
  );
}

function Toasts() {
  const m = useMessages(appMessages);
  const phone = useSyncExternalStore(subscribe, onPhone, () => false);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      duration={2000}
      richColors
      closeButton
      containerAriaLabel={m.notifications()}
      toastOptions={{ closeButtonAriaLabel: m.closeNotification() }}
    />
  );
}
