/**
 * What the first HTML shows before the script runs: the banner and header on every page, and on
 * the home page the first hero slide too. Rendered once at build time (scripts/write-first-paint.mjs)
 * into dist/first-paint.json; the server puts it inside #root and React replaces it on start.
 * It is inert and hidden from assistive technology, so nothing in it can be used before the real
 * page is there.
 */
import {
  FIRST_PAINT_ALT_SLOT,
  FIRST_PAINT_CARD_SLOTS,
  FIRST_PAINT_IMAGE_SLOT,
} from '@pehnava/shared';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Header } from './app/layout/header';
import { PromoBanner } from './app/layout/promo-banner';
import { SearchProvider } from './app/layout/search-context';
import { CollectionSkeleton } from './features/catalogue/collection-skeleton';
import { ProductSkeleton } from './features/product/product-skeleton';
import { HomeIntro } from './routes/home';

function Frame({ children }: { children: ReactNode }) {
  return (
    <SearchProvider>
      <div className="flex min-h-screen flex-col">
        <PromoBanner />
        <Header />
        <div className="flex-1">{children}</div>
      </div>
    </SearchProvider>
  );
}

const render = (path: string, children: ReactNode): string =>
  `<div inert aria-hidden="true" data-first-paint>${renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <Frame>{children}</Frame>
    </MemoryRouter>,
  )}</div>`;

export interface FirstPaints {
  /** Any page: the frame, with room held for the page. */
  frame: string;
  /** The home page: the frame and the first hero slide. */
  home: string;
  /**
   * A product page: the frame and the page's placeholder with the product's first picture, whose
   * address and name the server writes into FIRST_PAINT_IMAGE_SLOT and FIRST_PAINT_ALT_SLOT.
   */
  product: string;
  /**
   * The collection: the frame and the page's placeholder with its first cards' pictures, whose
   * addresses and names the server writes into FIRST_PAINT_CARD_SLOTS.
   */
  collection: string;
}

export function renderFirstPaints(): FirstPaints {
  return {
    frame: render('/__first-paint', <div className="min-h-[60vh]" />),
    home: render(
      '/',
      <main>
        <HomeIntro />
      </main>,
    ),
    product: render(
      '/__first-paint',
      <div data-first-paint-page>
        <ProductSkeleton image={{ src: FIRST_PAINT_IMAGE_SLOT, alt: FIRST_PAINT_ALT_SLOT }} />
      </div>,
    ),
    collection: render(
      '/collection',
      <div data-first-paint-page>
        <CollectionSkeleton pictures={FIRST_PAINT_CARD_SLOTS} />
      </div>,
    ),
  };
}
