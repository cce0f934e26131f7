import { Suspense, lazy, type ReactNode } from 'react';
import { useToasterWanted } from '../lib/notify';

/** Toasts (lib/toaster.tsx), mounted with the first one (see lib/notify.ts). */
const AppToaster = lazy(() => import('../lib/toaster').then((m) => ({ default: m.AppToaster })));

/**
 * What wraps the whole app. The query client is not here: it loads with the lazily loaded parts
 * that read server data (lib/lazy-with-queries.tsx), so it stays out of the first page load.
 */
export function Providers({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  return (
    <>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
