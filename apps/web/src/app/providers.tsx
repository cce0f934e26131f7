import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useToasterWanted } from '../lib/notify';

/** Toasts bottom-right, closing after 2 s; mounted with the first one (see lib/notify.ts). */
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={client}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster position="bottom-right" duration={2000} richColors closeButton />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
