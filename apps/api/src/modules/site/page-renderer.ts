import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isConsolePath } from '@pehnava/shared';
import { REQUEST_ID_HEADER } from '../../lib/request-id.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';

/** A page as the web app's server renderer draws it (apps/web/src/entry-server.tsx). */
export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers it was drawn from (TanStack Query's dehydrated state). */
  state: { queries: unknown[]; mutations: unknown[] };
  /** The names of the lazily loaded parts drawn in it (apps/web/src/lib/lazy-with-queries.tsx). */
  parts: string[];
}

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** What the web build's dist-ssr/entry-server.js exports. */
interface WebRenderer {
  renderPage(url: string, transport: ApiTransport): Promise<RenderedPage | undefined>;
}

/** What a renderer of another build than this server's might answer is checked before use. */
function isRenderedPage(value: unknown): value is RenderedPage {
  if (!value || typeof value !== 'object') return false;
  const { html, state, parts } = value as Partial<RenderedPage>;
  return (
    typeof html === 'string' &&
    Array.isArray(state?.queries) &&
    Array.isArray(parts) &&
    parts.every((name) => typeof name === 'string')
  );
}

/** Rendered pages kept per catalogue snapshot: every fixed page and the collection's common views. */
const KEPT_PAGES = 500;

/**
 * The web app's server renderer from its build (`dist-ssr` beside `dist`), or undefined when the
 * build has none (API-only runs, some tests).
 */
export async function loadWebRenderer(
  webRoot: string | undefined,
): Promise<WebRenderer | undefined> {
  if (webRoot === undefined) return undefined;
  const entry = join(webRoot, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as WebRenderer;
}

/**
 * Shop pages drawn on the server (decision 064), each kept once drawn for its address and origin
 * until the catalogue changes: a page shows only catalogue data, the same for every visitor. The
 * renderer's API calls are answered by this app itself (`inject`), as the browser's would be: the
 * same routes, headers and origin, so the page and its answers hold exactly what the browser would
 * have fetched. The console's pages are never drawn here. Concurrent requests for a page not yet
 * kept share one render.
 */
export function createPageRenderer(
  app: FastifyInstance,
  renderer: WebRenderer,
  catalogue: Pick<CatalogueService, 'snapshot' | 'onChange'>,
) {
  let kept = new Map<string, Promise<RenderedPage | undefined>>();
  catalogue.onChange(() => {
    kept = new Map();
  });
  let keptFor: unknown;

  /** The API, answering a call of a render made for `request`. */
  const transportFor =
    (request: FastifyRequest): ApiTransport =>
    async (url, init) => {
      if (init.method && init.method !== 'GET') throw new Error(`A render may only read: ${url}`);
      // The page's request id goes with its API calls, so their log lines share it (decision 075).
      const headers: Record<string, string> = {
        accept: 'application/json',
        [REQUEST_ID_HEADER]: request.id,
      };
      for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await app.inject({
        method: 'GET',
        url,
        headers,
        remoteAddress: request.socket.remoteAddress ?? '127.0.0.1',
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };

  return {
    /** The page at the request's address, drawn; undefined to leave it to the browser. */
    async render(request: FastifyRequest, path: string): Promise<RenderedPage | undefined> {
      if (isConsolePath(path)) return undefined;
      const snapshot = await catalogue.snapshot();
      if (snapshot !== keptFor) {
        kept = new Map();
        keptFor = snapshot;
      }
      const key = `${request.publicOrigin} ${request.url}`;
      let page = kept.get(key);
      if (!page) {
        if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value!);
        const pages = kept;
        page = renderer.renderPage(request.url, transportFor(request)).then(
          (result) => {
            const drawn = isRenderedPage(result) ? result : undefined;
            if (result && !drawn) request.log.error('the page renderer answered an unknown shape');
            // A page that could not be drawn (an answer failed) is tried again next time.
            if (!drawn && pages.get(key) === page) pages.delete(key);
            return drawn;
          },
          (error: unknown) => {
            if (pages.get(key) === page) pages.delete(key);
            request.log.error({ err: error }, 'a page could not be drawn on the server');
            return undefined;
          },
        );
        kept.set(key, page);
      }
      return page;
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
