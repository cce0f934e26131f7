import { Suspense, lazy, type ReactNode } from 'react';
import { Section } from '../components/ui/section';
import { useProducts } from '../features/catalogue/api';
import { ProductGrid } from '../features/catalogue/product-grid';
import { HeroCarousel } from '../features/home/hero-carousel';

// Below the fold: loaded after the first paint.
const HowItWorks = lazy(() =>
  import('../features/home/how-it-works').then((m) => ({ default: m.HowItWorks })),
);
const WhyChoose = lazy(() =>
  import('../features/home/why-choose').then((m) => ({ default: m.WhyChoose })),
);
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<div className="h-64" aria-busy="true" />}>{children}</Suspense>
);

const LATEST_COUNT = 10;
const BESTSELLER_COUNT = 5;

export function HomePage() {
  const { data: products, isPending, error } = useProducts();
  const status = isPending ? (
    <p className="text-center text-stone-500">Loading the collection…</p>
  ) : error ? (
    <p role="alert" className="text-center text-red-700">
      {error.message}
    </p>
  ) : null;

  return (
    <main>
      <HeroCarousel />
      <Section
        title="Latest Collections"
        subtitle="Fresh from the atelier, ready for your next celebration"
      >
        {status ?? (
          <ProductGrid products={products!.slice(0, LATEST_COUNT)} label="Latest collections" />
        )}
      </Section>
      <Section title="How It Works" subtitle="From browsing to wearing in four easy steps">
        <Later>
          <HowItWorks />
        </Later>
      </Section>
      <Section title="Best Sellers" subtitle="The pieces our shoppers rent again and again">
        {status ?? (
          <ProductGrid
            products={products!.filter((p) => p.bestseller).slice(0, BESTSELLER_COUNT)}
            label="Best sellers"
          />
        )}
      </Section>
      <Section title="Why Choose Pehnava" subtitle="Occasion wear without the hassle of owning it">
        <Later>
          <WhyChoose />
        </Later>
      </Section>
    </main>
  );
}
