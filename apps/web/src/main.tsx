import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { keepFirstPaintPage } from './lib/first-paint-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
keepFirstPaintPage(root);

// The first HTML already shows the frame (first-paint.tsx), so the first render need not block:
// as a transition React renders it in slices and the page stays responsive while it starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
