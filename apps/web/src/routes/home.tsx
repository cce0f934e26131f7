import { HOME_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Suspense, type ReactNode } from 'react';
import { Section } from '../components/ui/section';
import { ProductGridSkeleton } from '../features/catalogue/grid-skeleton';
import { HeroCarousel } from '../features/home/hero-carousel';
import { lazyWithQueries } from '../lib/lazy-with-queries';
import { homeMessages } from '../i18n/home';
import { useMessages } from '../i18n/messages';

// Below the fold: loaded after the first paint, with the code that fetches the shelves' answers
// (already preloaded by the page's HTML).
const ProductShelf = lazyWithQueries('ProductShelf', () =>
  import('../features/catalogue/product-shelf').then((m) => m.ProductShelf),
);
const HowItWorks = lazyWithQueries('HowItWorks', () =>
  import('../features/home/how-it-works').then((m) => m.HowItWorks),
);
const WhyChoose = lazyWithQueries('WhyChoose', () =>
  import('../features/home/why-choose').then((m) => m.WhyChoose),
);
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<div className="h-64" aria-busy="true" />}>{children}</Suspense>
);

// SPEC.md §9: Latest 10, Best Sellers 5 (product-shelf.tsx asks for them).
const LATEST_COUNT = 10;
const BESTSELLER_COUNT = 5;

/** The top of the home page. */
export function HomeIntro() {
  const m = useMessages(homeMessages);
  return (
    <>
      <h1 className="sr-only">{m.heading()}</h1>
      <HeroCarousel />
    </>
  );
}

export function HomePage() {
  usePageMeta(HOME_META);
  const m = useMessages(homeMessages);
  const fallback = (count: number) => (
    <ProductGridSkeleton count={count} label={m.loadingCollection()} />
  );

  return (
    <main>
      <HomeIntro />
      <Section belowTheFold title={m.latestTitle()} subtitle={m.latestSubtitle()}>
        <Suspense fallback={fallback(LATEST_COUNT)}>
          <ProductShelf shelf="latest" count={LATEST_COUNT} label={m.latestLabel()} />
        </Suspense>
      </Section>
      <Section belowTheFold title={m.howTitle()} subtitle={m.howSubtitle()}>
        <Later>
          <HowItWorks />
        </Later>
      </Section>
      <Section belowTheFold title={m.bestTitle()} subtitle={m.bestSubtitle()}>
        <Suspense fallback={fallback(BESTSELLER_COUNT)}>
          <ProductShelf shelf="bestsellers" count={BESTSELLER_COUNT} label={m.bestLabel()} />
        </Suspense>
      </Section>
      <Section belowTheFold title={m.whyTitle()} subtitle={m.whySubtitle()}>
        <Later>
          <WhyChoose />
        </Later>
      </Section>
    </main>
  );
}
