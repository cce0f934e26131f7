import {
  COLLECTION_META,
  CONSOLE_META,
  FIRST_PAINT_ALT_SLOT,
  FIRST_PAINT_CARD_SLOTS,
  FIRST_PAINT_IMAGE_SLOT,
  galleryImageAlt,
  HOME_BESTSELLERS_REQUEST,
  HOME_LATEST_REQUEST,
  HOME_META,
  catalogueQueryFromParams,
  heroImageUrl,
  isConsolePath,
  PRODUCT_FALLBACK_META,
  STATIC_PAGE_META,
  productPageMeta,
  productSearchPath,
  type PageMeta,
  type ProductSearchRequest,
} from '@pehnava/shared';
import { findProduct, type CatalogueService } from '../catalogue/catalogue.service.js';
import { escapeHtml } from '../../lib/html.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';

const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
// The API calls the web app makes first on these pages (features/*/api.ts), at the very addresses
// it asks for (productSearchPath), or the browser would not use what was preloaded.
const FILTER_OPTIONS = '/api/product/filter-options';
const searchUrl = (request: ProductSearchRequest) => `/api${productSearchPath(request)}`;
const HOME_DATA = [searchUrl(HOME_LATEST_REQUEST), searchUrl(HOME_BESTSELLERS_REQUEST)];
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
  /**
   * The page's own script chunks, preloaded with the first script: in the build's
   * `<template id="app-scripts">`, which the page's start script puts into the head after the
   * first paint (apps/web/vite.config.ts), or in the head for a build without it.
   */
  preloadModules?: string[];
  /** The API responses the page asks for first, fetched while the script loads. */
  preloadData?: string[];
  /** Markup shown inside #root until the web app replaces it (apps/web/src/first-paint.tsx). */
  firstPaint?: string;
  /**
   * A product page's first picture as its gallery shows it (the API's absolute address and the
   * gallery's name for it), drawn into the page's first paint.
   */
  firstPaintImage?: { src: string; alt: string };
  /**
   * The collection's first cards' pictures and names, one per FIRST_PAINT_CARD_SLOTS, drawn into
   * its first paint.
   */
  firstPaintCards?: { src: string; alt: string }[];
}

/**
 * The head of the page at `path`, from the same definitions the web app uses; a product page
 * (/product/{_id} or /product/{code}) is described from the catalogue snapshot. Paths the server
 * does not know get the site's own.
 */
export function createPageMetaResolver(catalogue: Pick<CatalogueService, 'snapshot'>) {
  /**
   * `query`: the address's query string (without '?'), which says what the collection searches.
   * `origin`: the request's public origin, which the API's image URLs start with
   * (request.publicOrigin).
   */
  return async (
    path: string,
    { query = '', origin = '' }: { query?: string; origin?: string } = {},
  ): Promise<PageHead> => {
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (normalised === '/') {
      return { meta: HOME_META, preloadImage: heroImageUrl(0), preloadData: HOME_DATA };
    }
    if (normalised === '/collection') {
      const snapshot = await catalogue.snapshot();
      // The filters are the parameters that name the catalogue's filter types, as the web app
      // reads them once it has the filter options.
      const { search, filters, sort } = catalogueQueryFromParams(
        new URLSearchParams(query),
        Object.keys(snapshot.filterOptions),
      );
      const url = searchUrl({ search, filters, sort });
      // The first card is the catalogue's first product when nothing narrows or orders it (the
      // search's relevance order without text). For any other search it is known only once the
      // search has run, and running it here would hold up the page (decision 056), so no image.
      const first = url === searchUrl({}) ? snapshot.products[0]?.images[0] : undefined;
      // The first cards are drawn into the first paint when each has a picture and is available
      // (an unavailable card's picture is dimmed, which the drawing does not do).
      const cards = first ? snapshot.products.slice(0, FIRST_PAINT_CARD_SLOTS.length) : [];
      const drawn =
        cards.length === FIRST_PAINT_CARD_SLOTS.length &&
        cards.every((product) => product.images[0] && product.isAvailable);
      return {
        meta: COLLECTION_META,
        preloadData: [url, FILTER_OPTIONS],
        ...(first ? { preloadImage: absoluteImageUrl(first, origin) } : {}),
        ...(drawn
          ? {
              firstPaintCards: cards.map((product) => ({
                src: absoluteImageUrl(product.images[0]!, origin),
                alt: product.name,
              })),
            }
          : {}),
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
    const image = meta.image ? absoluteImageUrl(meta.image, origin) : undefined;
    return {
      meta,
      canonicalPath: `/product/${encodeURIComponent(product._id)}`,
      // The detail first (the page waits on it), asked for as the page asks (by the address's id
      // or code), then the related pieces, which the page asks for by the product's _id.
      preloadData: [
        `/api/product/list/${encodeURIComponent(idOrCode)}`,
        `/api/product/list/${encodeURIComponent(product._id)}/related`,
      ],
      ...(image
        ? {
            preloadImage: image,
            firstPaintImage: {
              src: image,
              alt: galleryImageAlt(product.name, 0, product.images.length),
            },
          }
        : {}),
    };
  };
}

/**
 * The build's first paints (apps/web dist/first-paint.json); `product` and `collection` from
 * builds that draw them.
 */
export interface FirstPaints {
  home: string;
  frame: string;
  product?: string;
  collection?: string;
}

/** `drawing` with each slot's stand-ins replaced by its picture's address and name, escaped. */
function withPictures(
  drawing: string,
  slots: readonly { src: string; alt: string }[],
  pictures: readonly { src: string; alt: string }[],
): string {
  return slots.reduce(
    (html, slot, index) =>
      html
        .replaceAll(slot.src, escapeHtml(pictures[index]!.src))
        .replaceAll(slot.alt, escapeHtml(pictures[index]!.alt)),
    drawing,
  );
}

/**
 * The first paint of a page from the build's drawings (first-paint.json): the home page's, a
 * product page's with its picture written in, the collection's with its first cards' pictures
 * (escaped), else the frame; none for the console, which draws its own frame (the shop's header
 * would flash before it).
 */
export function firstPaintFor(
  path: string,
  head: Pick<PageHead, 'firstPaintImage' | 'firstPaintCards'>,
  paints: FirstPaints | undefined,
): string {
  if (!paints || isConsolePath(path)) return '';
  if (path === '/') return paints.home;
  const image = head.firstPaintImage;
  if (image && paints.product) {
    return withPictures(
      paints.product,
      [{ src: FIRST_PAINT_IMAGE_SLOT, alt: FIRST_PAINT_ALT_SLOT }],
      [image],
    );
  }
  const cards = head.firstPaintCards;
  if (cards?.length === FIRST_PAINT_CARD_SLOTS.length && paints.collection) {
    return withPictures(paints.collection, FIRST_PAINT_CARD_SLOTS, cards);
  }
  return paints.frame;
}

export type PageMetaResolver = ReturnType<typeof createPageMetaResolver>;

/** Where the build keeps the page's scripts until the first paint (apps/web/vite.config.ts). */
const APP_SCRIPTS = '<template id="app-scripts">';

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
  const modules = preloadModules
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
    .join('');
  const appScriptsAt = template.indexOf(APP_SCRIPTS);
  const modulesEnd = appScriptsAt === -1 ? -1 : template.indexOf('</template>', appScriptsAt);
  const preload =
    (preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(preloadImage)}" fetchpriority="high" />`
      : '') +
    (modulesEnd === -1 ? modules : '') +
    // crossorigin (anonymous) matches what fetch() sends to its own origin, so the response is reused.
    preloadData
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`)
      .join('');
  const withModules =
    modulesEnd === -1
      ? template
      : template.slice(0, modulesEnd) + modules + template.slice(modulesEnd);
  return withModules
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
