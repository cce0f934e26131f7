import { Section } from '../components/ui/section';
import { useProducts } from '../features/catalogue/api';
import { ProductGrid } from '../features/catalogue/product-grid';
import { HeroCarousel } from '../features/home/hero-carousel';
import { HowItWorks } from '../features/home/how-it-works';
import { WhyChoose } from '../features/home/why-choose';

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
        <HowItWorks />
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
        <WhyChoose />
      </Section>
    </main>
  );
}
