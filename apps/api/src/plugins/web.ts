import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ART_DIRS,
  ART_PICTURE_FILE,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  MESSAGES,
  isConsolePath,
  languageFromCookie,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@pehnava/shared';
import type { ServedImage, ServedImages } from '../adapters/images/served-images.js';
import {
  addVary,
  digestOf,
  encodeBody,
  sendEncoded,
  type EncodedBody,
} from '../lib/encoded-body.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import {
  inlineStylesheets,
  renderPageHtml,
  stylesheetHref,
  type PageMetaResolver,
} from '../modules/site/page-meta.js';
import {
  createPageRenderer,
  loadWebRenderer,
  type RenderedPage,
} from '../modules/site/page-renderer.js';
import {
  createPageStyles,
  withOwnStylesheet,
  type AppStylesheet,
} from '../modules/site/page-styles.js';
import { createRouteChunks, type ViteManifest } from '../modules/site/route-chunks.js';

const YEAR_SECONDS = 31_536_000;
/** Enough for every fixed page and product page of a catalogue several times the seed's. */
const PAGE_CACHE_ENTRIES = 1_000;

/**
 * Pages already compressed, by the digest of their HTML: a page is the same bytes until its
 * product or the app changes, so it is compressed once. The oldest entry goes when it is full.
 */
function createPageBodyCache(capacity: number) {
  const bodies = new Map<string, EncodedBody>();
  return {
    get(html: string): EncodedBody {
      const key = digestOf(html);
      let body = bodies.get(key);
      if (!body) {
        body = encodeBody(Buffer.from(html), 'fast');
        if (bodies.size >= capacity) bodies.delete(bodies.keys().next().value!);
        bodies.set(key, body);
      }
      return body;
    },
  };
}

/** The built web app as the server uses it: read once at start (readWebApp). */
export interface WebApp {
  /** apps/web/dist. */
  root: string;
  /** index.html with its stylesheets written inline, into which each page's head is written. */
  template: string;
  /** The app's stylesheet, of which a drawn page carries only what it uses (decision 078). */
  stylesheet?: AppStylesheet;
  /**
   * The Content-Security-Policy sources of the template's inline scripts ('sha256-…'): the one
   * that starts the app after the first paint (apps/web/vite.config.ts, startAfterFirstPaint).
   */
  scriptSources: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hash sources of a page's inline scripts, as browsers compute them (UTF-8, SHA-256). */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
}

/** The built web app in `webRoot`, or undefined when there is none (API-only runs, some tests). */
export function readWebApp(webRoot: string | undefined): WebApp | undefined {
  if (webRoot === undefined || !existsSync(join(webRoot, 'index.html'))) return undefined;
  const index = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const readAsset = (urlPath: string) => {
    const file = join(webRoot, urlPath);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const template = inlineStylesheets(index, readAsset);
  const href = stylesheetHref(index);
  const css = href === undefined ? undefined : readAsset(href);
  return {
    root: webRoot,
    template,
    scriptSources: inlineScriptSources(template),
    ...(href !== undefined && css !== undefined
      ? { stylesheet: { href, css, styles: createPageStyles(css) } }
      : {}),
  };
}

export interface WebOptions {
  /** The built web app; absent in API-only runs and tests. */
  web?: WebApp;
  /** Each page's title, description and link-preview tags, written into its first HTML. */
  pageMeta: PageMetaResolver;
  /** The catalogue, whose changes a page drawn on the server is kept until. */
  catalogue: Pick<CatalogueService, 'snapshot' | 'onChange'>;
  /**
   * Images from the configured store (disk, PostgreSQL or a bucket), kept in memory once served;
   * the seed's art as pictures, made from its drawings on first request.
   */
  images: ServedImages;
}

/** An uploaded photo's files (modules/catalogue/image-uploads.ts): products' 600, reviews' 1200. */
const UPLOAD_FILE =
  /^[0-9a-f]{24}-(?:(?:600|1200)\.(?:webp|avif)|original\.(?:jpg|png|webp|avif|heic))$/;

/**
 * An image as it is sent: a year of caching (names carry their content's hash or the art's
 * version), an ETag of its bytes (plugins/etags.ts answers 304 to a current copy), and readable by
 * any site (helmet's same-origin default stays on everything else).
 */
function sendImage(reply: FastifyReply, image: ServedImage | undefined) {
  if (!image) return reply.code(404).send({ success: false, message: MESSAGES.notFound });
  return reply
    .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('etag', image.etag)
    .type(image.type)
    .send(image.body);
}

/**
 * Uploaded photos. A product keeps the WebP address; a browser that says it takes AVIF gets the
 * AVIF made beside it (smaller for the same look), and caches know the answer depends on Accept.
 */
function registerUploadedImages(app: FastifyInstance, images: ServedImages) {
  app.get<{ Params: { file: string } }>('/images/uploads/:file', async (request, reply) => {
    const { file } = request.params;
    if (!UPLOAD_FILE.test(file)) return sendImage(reply, undefined);
    const key = `uploads/${file}`;
    if (!file.endsWith('.webp')) return sendImage(reply, await images.file(key));
    reply.header('vary', 'accept');
    const avif = (request.headers.accept ?? '').includes('image/avif')
      ? await images.file(key.replace(/\.webp$/, '.avif'))
      : undefined;
    return sendImage(reply, avif ?? (await images.file(key)));
  });
}

/**
 * The seed's art as WebP (adapters/images/art-pictures.ts): `/images/{dir}/…-v3-{width}.webp` for
 * each of ART_DIRS, made from its drawing the first time, kept in the store after that.
 */
function registerArtPictures(app: FastifyInstance, images: ServedImages) {
  for (const dir of ART_DIRS) {
    app.get<{ Params: { file: string } }>(
      `/images/${dir}/:file(${ART_PICTURE_FILE.source})`,
      async (request, reply) =>
        sendImage(reply, await images.picture(`${dir}/${request.params.file}`)),
    );
  }
}

/** Any other image (the seed's drawings as SVG), as it is in the store; a 404 for what is not. */
function registerStoredImages(app: FastifyInstance, images: ServedImages) {
  app.get<{ Params: { '*': string } }>('/images/*', async (request, reply) =>
    sendImage(reply, await images.file(request.params['*'])),
  );
}

/** The built assets kept in memory, by their extension's type. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  wasm: 'application/wasm',
};

/**
 * The web build's hashed scripts and stylesheets (apps/web/dist/assets), read once at start with
 * the brotli and gzip copies the build wrote beside them (apps/web/vite.config.ts, precompress):
 * about 1.5 MB in all. A file the build did not compress (too small to gain) is compressed here,
 * once.
 */
export function readAssets(webRoot: string): Map<string, { body: EncodedBody; type: string }> {
  const assets = new Map<string, { body: EncodedBody; type: string }>();
  const dir = join(webRoot, 'assets');
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type) continue;
    const identity = readFileSync(join(dir, name));
    const kept = (ext: string) =>
      existsSync(join(dir, `${name}.${ext}`))
        ? readFileSync(join(dir, `${name}.${ext}`))
        : undefined;
    const br = kept('br');
    const gzip = kept('gz');
    const body =
      br && gzip ? { etag: `W/"${digestOf(identity)}"`, identity, br, gzip } : encodeBody(identity);
    assets.set(name, { body, type });
  }
  return assets;
}

/**
 * `/assets/{file}` from memory (readAssets): the best encoding the browser takes, a year of
 * caching (the names carry their content's hash), a 304 for a current copy, no work per request.
 * A name the build did not write is a 404, never the page.
 */
function registerAssets(
  app: FastifyInstance,
  assets: Map<string, { body: EncodedBody; type: string }>,
) {
  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    { compress: false, decompress: false },
    async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset) return reply.callNotFound();
      return sendEncoded(
        request,
        reply,
        asset.body,
        asset.type,
        `public, max-age=${YEAR_SECONDS}, immutable`,
      );
    },
  );
}

/** A JSON file the web build wrote, or undefined when there is none (API-only runs, tests). */
function readJson<T>(webRoot: string | undefined, file: string): T | undefined {
  if (webRoot === undefined) return undefined;
  const path = join(webRoot, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

/**
 * Where a page's request is sent instead, for its language (decision 086), with the choice to keep
 * when it makes one: a language switch's link (`?language=hi`) keeps it and goes on to the page in
 * that language, without the parameter; an English page asked for by a browser that chose Hindi
 * goes to its Hindi address; the console under /hi goes to the console (it is English only).
 */
export function languageRedirect(
  path: string,
  query: string,
  cookie: string | undefined,
): { to: string; keep?: 'en' | 'hi' } | undefined {
  const params = new URLSearchParams(query);
  const chosen = params.get(LANGUAGE_PARAM);
  const pagePath = pathWithoutLanguage(path);
  const withQuery = (to: string, rest: string) => (rest ? `${to}?${rest}` : to);
  if (chosen === 'en' || chosen === 'hi') {
    params.delete(LANGUAGE_PARAM);
    return {
      to: withQuery(
        isConsolePath(pagePath) ? pagePath : pathInLanguage(pagePath, chosen),
        `${params}`,
      ),
      keep: chosen,
    };
  }
  if (isConsolePath(pagePath)) {
    return pagePath === path ? undefined : { to: withQuery(pagePath, query) };
  }
  if (languageOfPath(path) === 'en' && languageFromCookie(cookie) === 'hi') {
    return { to: withQuery(pathInLanguage(path, 'hi'), query) };
  }
  return undefined;
}

/**
 * Images (content-addressed names: cached for a year), the built web app (hashed assets cached for
 * a year, index.html revalidated) and the fallback that lets the web app route every other path.
 * Unknown /api paths get the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  { web, pageMeta, catalogue, images }: WebOptions,
) {
  registerUploadedImages(app, images);
  registerArtPictures(app, images);
  registerStoredImages(app, images);

  if (web) {
    registerAssets(app, readAssets(web.root));
    // Everything else the build wrote (the icon, source maps), from disk.
    await app.register(fastifyStatic, {
      root: web.root,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      globIgnore: [`assets/*.{${Object.keys(ASSET_TYPES).join(',')}}`, '**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  const pages = createPageBodyCache(PAGE_CACHE_ENTRIES);
  const webRenderer = await loadWebRenderer(web?.root);
  const renderer = webRenderer && createPageRenderer(app, webRenderer, catalogue);
  const routeChunks = createRouteChunks(readJson<ViteManifest>(web?.root, '.vite/manifest.json'));

  /**
   * Each drawn page as it is sent, for as long as the renderer keeps the page (until the catalogue
   * changes): its head written, its own stylesheet cut (decision 078) and its bytes compressed
   * once, so a repeat request for it costs a lookup, not another 100 KB of HTML to write and hash.
   * Everything written into it (the page's description, its chunks, its origin) is a function of
   * its address, origin and catalogue, which the drawn page itself is kept by.
   */
  const drawnPages = new WeakMap<RenderedPage, EncodedBody>();
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      web !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/images/') &&
      // A missing script or stylesheet is a 404, never the page in its place.
      !path.startsWith('/assets/');
    if (wantsPage) {
      const html = 'text/html; charset=utf-8';
      const queryAt = request.url.indexOf('?');
      const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
      const moved = languageRedirect(path, query, request.headers.cookie);
      if (moved) {
        if (moved.keep) {
          reply.header(
            'set-cookie',
            `${LANGUAGE_COOKIE}=${moved.keep}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`,
          );
        }
        // Where it sends the browser depends on the cookie: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return reply.redirect(moved.to, moved.keep ? 303 : 302);
      }
      // An English page is sent only to a browser that has not chosen Hindi (languageRedirect).
      if (languageOfPath(path) === 'en') addVary(reply, 'cookie');
      const rendered = await renderer?.render(request, path);
      const sent = rendered && drawnPages.get(rendered);
      if (sent) return sendEncoded(request, reply, sent, html);
      // The same origin the API's image URLs use, so a preloaded image is the one the page shows.
      const origin = request.publicOrigin;
      // The same page in either language: what it is, is its address without the language.
      const language = languageOfPath(path);
      const pagePath = pathWithoutLanguage(path);
      const described = await pageMeta(pagePath, { query, origin, language });
      const head = {
        ...described,
        preloadModules: routeChunks(pagePath),
        ...(rendered ? { rendered } : {}),
      };
      // The console's pages are for the shop's people, not for search engines.
      if (isConsolePath(path)) reply.header('x-robots-tag', 'noindex, nofollow');
      let page = renderPageHtml(web.template, head, { origin, path: pagePath, language });
      // A drawn page carries only the rules its HTML uses; the whole sheet comes with the app.
      if (rendered && web.stylesheet) {
        page = withOwnStylesheet(page, web.stylesheet, web.stylesheet.styles.forPage(page));
      }
      // @fastify/compress hooks routes only, not this handler, so pages are encoded here.
      const body = pages.get(page);
      if (rendered) drawnPages.set(rendered, body);
      return sendEncoded(request, reply, body, html);
    }
    return reply.code(404).send({ success: false, message: MESSAGES.notFound });
  });
}
