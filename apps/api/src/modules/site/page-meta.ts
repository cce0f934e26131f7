import {
  COLLECTION_META,
  CONSOLE_META,
  HOME_BESTSELLERS_REQUEST,
  HOME_LATEST_REQUEST,
  HOME_META,
  catalogueQueryFromParams,
  LANGUAGES,
  hindiPageMeta,
  LANGUAGE_LOCALES,
  pathInLanguage,
  productPageMetaHi,
  type Language,
  CARD_IMAGE_SIZES,
  HERO_IMAGE_SIZES,
  heroImageSrcSet,
  heroImageUrl,
  productPictureSrcSet,
  isConsolePath,
  PRODUCT_FALLBACK_META,
  SERVER_RENDER,
  CHOOSE_META,
  STATIC_PAGE_META,
  productPageMeta,
  productSearchPath,
  type PageMeta,
  type ProductSearchRequest,
} from '@pehnava/shared';
import { findProduct, type CatalogueService } from '../catalogue/catalogue.service.js';
import { escapeHtml } from '../../lib/html.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { RenderedPage } from './page-renderer.js';

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
  /** The preloaded image's `srcset` and `sizes`, when its img has them (the home page's hero). */
  preloadImageSet?: { srcset: string; sizes: string };
  /**
   * The page's own script chunks, preloaded with the first script: in the build's
   * `<template id="app-scripts">`, which the page's start script puts into the head after the
   * first paint (apps/web/vite.config.ts), or in the head for a build without it.
   */
  preloadModules?: string[];
  /** The API responses the page asks for first, fetched while the script loads. */
  preloadData?: string[];
  /** The page as the server drew it (page-renderer.ts); absent, the browser draws it. */
  rendered?: RenderedPage;
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
  const describe = async (
    path: string,
    { query = '', origin = '' }: { query?: string; origin?: string } = {},
    language: Language = 'en',
  ): Promise<PageHead> => {
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (normalised === '/') {
      return {
        meta: HOME_META,
        preloadImage: heroImageUrl(0),
        preloadImageSet: { srcset: heroImageSrcSet(0), sizes: HERO_IMAGE_SIZES },
        preloadData: HOME_DATA,
      };
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
      const firstUrl = first ? absoluteImageUrl(first, origin) : undefined;
      // The seed's art comes at several widths: the preload offers them as the card does, so the
      // browser fetches the one picture the card will show, not the 600 px one as well.
      const firstSet = firstUrl ? productPictureSrcSet(firstUrl) : undefined;
      return {
        meta: COLLECTION_META,
        preloadData: [url, FILTER_OPTIONS],
        ...(firstUrl ? { preloadImage: firstUrl } : {}),
        ...(firstSet ? { preloadImageSet: { srcset: firstSet, sizes: CARD_IMAGE_SIZES } } : {}),
      };
    }
    if (isConsolePath(normalised)) return { meta: CONSOLE_META };
    if (/^\/orders\/[^/]+\/choose$/.test(normalised)) return { meta: CHOOSE_META };
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
    const meta = language === 'hi' ? productPageMetaHi(product) : productPageMeta(product);
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
      ...(image ? { preloadImage: image } : {}),
    };
  };
  /**
   * `language`: the page's (decision 086); `path` is its address without it. A Hindi page's words
   * are the Hindi ones of the same page.
   */
  return async (
    path: string,
    {
      query = '',
      origin = '',
      language = 'en',
    }: { query?: string; origin?: string; language?: Language } = {},
  ): Promise<PageHead> => {
    const head = await describe(path, { query, origin }, language);
    return language === 'hi' ? { ...head, meta: hindiPageMeta(head.meta) } : head;
  };
}

export type PageMetaResolver = ReturnType<typeof createPageMetaResolver>;

/**
 * #root with the page the server drew, marked so with the names of the lazily loaded parts drawn
 * in it, and the answers it was drawn from beside it, as JSON the browser does not run (`<`
 * escaped, so no text in an answer can close the element).
 */
function renderedRoot({ html, state, parts }: RenderedPage): string {
  const answers =
    state.queries.length > 0
      ? `<script type="application/json" id="${SERVER_RENDER.stateId}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`
      : '';
  // The parts' names, for the browser to load before it takes the page over.
  const names = escapeHtml(parts.join(' '));
  return `<div id="root" ${SERVER_RENDER.rootAttribute}="${names}">${html}</div>${answers}`;
}

/** The `lang` of a page's <html>, by its language. */
const HTML_LANG: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi' };

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
    preloadImageSet,
    preloadModules = [],
    preloadData = [],
    rendered,
  }: PageHead,
  {
    origin,
    path,
    language = 'en',
  }: {
    origin: string;
    /** The page's address without its language (/collection for /hi/collection). */
    path: string;
    language?: Language;
  },
): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const own = canonicalPath ?? path;
  const urlIn = (each: Language) => escapeHtml(origin + pathInLanguage(own, each));
  const url = urlIn(language);
  // The same page in the other language, for search engines (the console has only English).
  const alternates = isConsolePath(path)
    ? ''
    : LANGUAGES.map(
        (each) =>
          `<link rel="alternate" hreflang="${LANGUAGE_LOCALES[each]}" href="${urlIn(each)}" />`,
      ).join('') + `<link rel="alternate" hreflang="x-default" href="${urlIn('en')}" />`;
  const tags =
    [
      ['og:site_name', 'Pehnava'],
      ['og:type', meta.type ?? 'website'],
      ['og:locale', LANGUAGE_LOCALES[language].replace('-', '_')],
      ['og:title', title],
      ['og:description', description],
      ['og:url', url],
      ...(meta.image ? [['og:image', escapeHtml(absoluteImageUrl(meta.image, origin))]] : []),
    ]
      .map(([property, content]) => `<meta property="${property}" content="${content}" />`)
      .join('') +
    `<link rel="canonical" href="${url}" />` +
    alternates;
  const modules = preloadModules
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
    .join('');
  const appScriptsAt = template.indexOf(APP_SCRIPTS);
  const modulesEnd = appScriptsAt === -1 ? -1 : template.indexOf('</template>', appScriptsAt);
  const preload =
    (preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(preloadImage)}"${
          preloadImageSet
            ? ` imagesrcset="${escapeHtml(preloadImageSet.srcset)}" imagesizes="${escapeHtml(preloadImageSet.sizes)}"`
            : ''
        } fetchpriority="high" />`
      : '') +
    (modulesEnd === -1 ? modules : '') +
    // crossorigin (anonymous) matches what fetch() sends to its own origin, so the response is reused.
    // A page the server drew carries its answers, so nothing is fetched for it.
    (rendered ? [] : preloadData)
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`)
      .join('');
  const withModules =
    modulesEnd === -1
      ? template
      : template.slice(0, modulesEnd) + modules + template.slice(modulesEnd);
  return withModules
    .replace(/<html(?: lang="[^"]*")?/, () => `<html lang="${HTML_LANG[language]}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `${tags}${preload}</head>`)
    .replace('<div id="root"></div>', () =>
      rendered ? renderedRoot(rendered) : '<div id="root"></div>',
    );
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** The address of the built index.html's (first) stylesheet, if it links one. */
export function stylesheetHref(template: string): string | undefined {
  return [...template.matchAll(STYLESHEET_LINK)][0]?.[1];
}

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
