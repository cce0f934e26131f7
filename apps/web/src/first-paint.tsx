/**
 * What the first HTML shows before the script runs: the banner and header on every page, and on
 * the home page the first hero slide too. Rendered once at build time (scripts/write-first-paint.mjs)
 * into dist/first-paint.json; the server puts it inside #root and React replaces it on start.
 * It is inert and hidden from assistive technology, so nothing in it can be used before the real
 * page is there.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Header } from './app/layout/header';
import { PromoBanner } from './app/layout/promo-banner';
import { SearchProvider } from './app/layout/search-context';
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
  };
}
