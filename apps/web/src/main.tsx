import { SERVER_RENDER, languageOfPath } from '@pehnava/shared';
import { StrictMode, startTransition } from 'react';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { loadLanguage } from './i18n/messages';
import { awaitTakeOver } from './lib/hydration';
import { loadParts, loadQueries } from './lib/lazy-with-queries';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const language = languageOfPath(location.pathname);
const app = (
  <StrictMode>
    <Providers>
      <AppRouter language={language} />
    </Providers>
  </StrictMode>
);

/**
 * A page the server rendered (entry-server.tsx) is taken over as it is: its lazily loaded parts
 * are loaded and its answers go into the cache first, so the first render draws what the server
 * drew, and React attaches to the page's HTML rather than drawing it again. As a transition, React
 * does that in slices, leaving the page responsive while it starts. Any other page (the console's,
 * or one the server could not draw) is drawn here.
 */
async function start(root: HTMLElement): Promise<void> {
  // React DOM is three quarters of the first script. Imported here rather than at the top, it
  // is a module graph of its own, run by the browser in a task of its own: the rest of the entry
  // (React, the router, the frame) and React DOM each hold the main thread about half as long as
  // the two did in one task, on a phone where that one task was the page's longest.
  const client = import('react-dom/client');
  const drawnParts = root.getAttribute(SERVER_RENDER.rootAttribute);
  if (drawnParts === null) {
    const [{ createRoot }] = await Promise.all([client, loadLanguage(language)]);
    startTransition(() => {
      createRoot(root).render(app);
    });
    return;
  }
  const state = document.getElementById(SERVER_RENDER.stateId)?.textContent;
  const parts = drawnParts.split(' ').filter(Boolean);
  const [{ hydrateRoot }, { hydrateQueries }] = await Promise.all([
    client,
    loadQueries(),
    // The parts first: the words of those drawn in Hindi load with the rest of the language's.
    loadParts(parts).then(() => loadLanguage(language)),
  ]);
  awaitTakeOver(parts);
  if (state) hydrateQueries(JSON.parse(state));
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

// Not awaited at the top level: a chunk that imports from this one would wait for it, and this
// one waits for those chunks.
void start(root).then(() => {
  // A Hindi page's table of the API's messages, once the page is the shopper's: a message it shows
  // later (a toast, a form's error) is then in Hindi at once (i18n/api-messages.ts).
  if (language === 'hi') {
    setTimeout(() => void import('./i18n/api-messages').then((m) => m.loadHindiMessages()), 2_000);
  }
});

// The service worker (src/sw, decision 084): registered once the page has loaded, so it never
// competes with the first load, and only in a build (vite's server has no /sw.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
