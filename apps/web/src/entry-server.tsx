/**
 * The server's renderer of the shop's pages (built for Node into dist-ssr; the API loads it at
 * start, apps/api/src/modules/site/page-renderer.ts). A page is drawn whole, with the answers its
 * queries would ask the API for, fetched first through the API itself; the browser then takes it
 * over (hydration, main.tsx) rather than drawing it again. What depends on the shopper's session
 * is drawn as for a visitor, or left for the browser (lib/hydration.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  type DehydratedState,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { HINDI_BASE, languageOfPath, pathWithoutLanguage } from '@pehnava/shared';
import { prefetchPage } from './app/page-data';
import { LanguageProvider, loadLanguage } from './i18n/messages';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { onPartDrawn } from './lib/lazy-with-queries';

/** How the renderer reaches the API: a request answered by the server itself. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers the page was drawn from, for the browser's cache. */
  state: DehydratedState;
  /**
   * The lazily loaded parts drawn in it (a name once for each time it was drawn), for the browser
   * to load before it takes the page over, and to know when it has.
   */
  parts: string[];
}

/** How long loading a page's parts may take before the page is left for the browser to draw. */
const RENDER_TIMEOUT_MS = 5_000;

/** What belongs to the render under way: its way to the API, and the parts it drew. */
const renders = new AsyncLocalStorage<{ transport: ApiTransport; parts: string[] }>();
setApiTransport((url, init) => {
  const render = renders.getStore();
  if (!render) throw new Error('An API call outside a page render');
  return render.transport(url, init);
});
onPartDrawn((name) => renders.getStore()?.parts.push(name));

/** React's mark of a part the server left for the browser to draw. */
const CLIENT_RENDERED = '<!--$!-->';

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * The page at `url` (a path with its query), drawn with its data; undefined when something it
 * needs could not be had (an answer failed, a product is unknown, the render threw or took too
 * long): the browser then draws that page itself, as it would any page it moves to.
 */
export function renderPage(
  url: string,
  transport: ApiTransport,
): Promise<RenderedPage | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://pehnava.invalid');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const parts: string[] = [];
  // A page under /hi is the Hindi shop's (decision 086): the same page, its words in Hindi.
  const language = languageOfPath(pathname);
  return renders.run({ transport, parts }, async () => {
    await Promise.all([
      prefetchPage(queryClient, pathWithoutLanguage(pathname), searchParams),
      loadLanguage(language),
    ]);
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error')
    ) {
      return undefined;
    }
    const page = (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Providers>
            <LanguageProvider value={language}>
              <StaticRouter location={url} basename={language === 'hi' ? HINDI_BASE : undefined}>
                <AppRoutes />
              </StaticRouter>
            </LanguageProvider>
          </Providers>
        </QueryClientProvider>
      </StrictMode>
    );
    // Drawn in one go, so the HTML holds the whole page and no script. A part whose code has not
    // been loaded yet in this process suspends, and React would leave it for the browser
    // (`<!--$!-->`): the first time, every part of the page is loaded (prerender waits for them
    // all) and the page is drawn again.
    let html = renderToString(page);
    if (html.includes(CLIENT_RENDERED)) {
      const { prelude } = await prerenderToNodeStream(page, {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      await drain(prelude);
      parts.length = 0;
      html = renderToString(page);
    }
    return html.includes(CLIENT_RENDERED)
      ? undefined
      : { html, state: dehydrate(queryClient), parts };
  });
}
