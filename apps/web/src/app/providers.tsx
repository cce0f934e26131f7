import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useToasterWanted } from '../lib/notify';

/** Toasts (lib/toaster.tsx), mounted with the first one (see lib/notify.ts). */
const AppToaster = lazy(() => import('../lib/toaster').then((m) => ({ default: m.AppToaster })));

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={client}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
