import {
  COLLECTION_META,
  CONSOLE_META,
  HOME_META,
  heroImageUrl,
  isConsolePath,
  PRODUCT_FALLBACK_META,
  STATIC_PAGE_META,
  productPageMeta,
  type PageMeta,
} from '@pehnava/shared';
import { findProduct, type CatalogueService } from '../catalogue/catalogue.service.js';
import { escapeHtml } from '../../lib/html.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';

const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
// The API calls the web app makes first on these pages (features/*/api.ts).
const LIST = '/api/product/list';
const FILTER_OPTIONS = '/api/product/filter-options';

/** What the first HTML of a page says about it, and the image it should fetch first. */
export interface PageHead {
  meta: PageMeta;
  /**
   * The page's one address when others lead to the same page (a product's is /product/{_id}, also
   * reached by its code); else the path itself. Used for og:url and rel=canonical.
   */
  canonicalPath?: string;
  /**
   * The page's largest image above the fold, preloaded so it need not wait for the script; for a
   * product, the same absolute URL the API gives the web app, so the preload is the image shown.
   */
  preloadImage?: string;
  /** The page's own script chunks, preloaded alongside the first script. */
  preloadModules?: string[];
  /** The API responses the page asks for first, fetched while the script loads. */
  preloadData?: string[];
  /** Markup shown inside #root until the web app replaces it (apps/web/src/first-paint.tsx). */
  firstPaint?: string;
}

/**
 * The head of the page at `path`, from the same definitions the web app uses; a product page
 * (/product/{_id} or /product/{code}) is described from the catalogue snapshot. Paths the server
 * does not know get the site's own.
 */
export function createPageMetaResolver(catalogue: Pick<CatalogueService, 'snapshot'>) {
  /**
   * `hasQuery`: the address carries a search, filters or a sort, so the first card of the
   * collection is not known here and no image is preloaded for it. `origin`: the request's public
   * origin, which the API's image URLs start with (request.publicOrigin).
   */
  return async (
    path: string,
    { hasQuery = false, origin = '' }: { hasQuery?: boolean; origin?: string } = {},
  ): Promise<PageHead> => {
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (normalised === '/') {
      return { meta: HOME_META, preloadImage: heroImageUrl(0), preloadData: [LIST] };
    }
    if (normalised === '/collection') {
      const first = hasQuery ? undefined : (await catalogue.snapshot()).products[0]?.images[0];
      return {
        meta: COLLECTION_META,
        preloadData: [LIST, FILTER_OPTIONS],
        ...(first ? { preloadImage: absoluteImageUrl(first, origin) } : {}),
      };
    }
    if (isConsolePath(normalised)) return { meta: CONSOLE_META };
    const fixed = STATIC_PAGE_META[normalised];
    if (fixed) return { meta: fixed };
    const segment = PRODUCT_PATH.exec(path)?.[1];
    if (segment === undefined) return { meta: HOME_META };
    let idOrCode: string;
    try {
      idOrCode = decodeURIComponent(segment);
    } catch {
      return { meta: PRODUCT_FALLBACK_META };
    }
    const product = findProduct(await catalogue.snapshot(), idOrCode);
    if (!product) return { meta: PRODUCT_FALLBACK_META };
    const meta = productPageMeta(product);
    return {
      meta,
      canonicalPath: `/product/${encodeURIComponent(product._id)}`,
      // The detail first (the page waits on it), asked for as the page asks (by the address's id
      // or code), then the list for related products.
      preloadData: [`/api/product/list/${encodeURIComponent(idOrCode)}`, LIST],
      ...(meta.image ? { preloadImage: absoluteImageUrl(meta.image, origin) } : {}),
    };
  };
}

export type PageMetaResolver = ReturnType<typeof createPageMetaResolver>;

/**
 * index.html with the page's title and description, its Open Graph tags and canonical address
 * before </head>. `origin` makes the preview's addresses absolute, as Open Graph requires.
 */
export function renderPageHtml(
  template: string,
  {
    meta,
    canonicalPath,
    preloadImage,
    preloadModules = [],
    preloadData = [],
    firstPaint = '',
  }: PageHead,
  { origin, path }: { origin: string; path: string },
): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(origin + (canonicalPath ?? path));
  const tags =
    [
      ['og:site_name', 'Pehnava'],
      ['og:type', meta.type ?? 'website'],
      ['og:title', title],
      ['og:description', description],
      ['og:url', url],
      ...(meta.image ? [['og:image', escapeHtml(absoluteImageUrl(meta.image, origin))]] : []),
    ]
      .map(([property, content]) => `<meta property="${property}" content="${content}" />`)
      .join('') + `<link rel="canonical" href="${url}" />`;
  const preload =
    (preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(preloadImage)}" fetchpriority="high" />`
      : '') +
    preloadModules
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
      .join('') +
    // crossorigin (anonymous) matches what fetch() sends to its own origin, so the response is reused.
    preloadData
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`)
      .join('');
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `${tags}${preload}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${firstPaint}</div>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The built index.html with its stylesheets written inline: the page's CSS is small (under 10 KB
 * compressed), so a separate request would only delay the first paint by a round trip.
 * `readAsset` reads a file of the built app by its URL path; a file it cannot read stays linked.
 */
export function inlineStylesheets(
  template: string,
  readAsset: (urlPath: string) => string | undefined,
): string {
  return template.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readAsset(href);
    return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}
