// Each Playwright worker rents from its own products, so tests running side by side never reach for
// the same piece (a test that reserves a unit would make it unavailable to the other worker's test).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Product } from '@pehnava/shared';

/** The seed catalogue's codes (PHN-LEH-0001). Products a test makes (the console's specs) are its own. */
const SEED_CODE = /^PHN-[A-Z]{3}-\d{4}$/;

/**
 * A piece of the seed catalogue, in stock and offered in at least one size: what the workers share
 * out. Products a test adds while the run goes on are left out, so the shares never move under a
 * running worker.
 */
export const isRentable = (p: Product) =>
  SEED_CODE.test(p.productId) && p.isAvailable && p.sizes.some((s) => s.available);

/**
 * The rentable products that belong to worker slot `slot` of `slots`: every `slots`-th one in
 * product-code order, so each share has pieces of every kind, tier and price, and the shares of
 * two slots never overlap.
 */
export function shareOf(products: readonly Product[], slot: number, slots: number): Product[] {
  return products
    .filter(isRentable)
    .sort((a, b) => a.productId.localeCompare(b.productId))
    .filter((_, index) => index % slots === slot);
}

export interface WorkerProducts {
  /** This worker's rentable products, in product-code order. */
  readonly all: readonly Product[];
  /**
   * The first of this worker's products matching `where` that no earlier test in this run has
   * taken; when its own share has none left, one of another share's, from its far end. It is never
   * handed out again in this run, so what one test reserved cannot stand in another's way, even
   * after a worker restarts.
   */
  take(where?: (p: Product) => boolean): Product;
}

/** Claims `product` for this run, unless a worker got there first (a file made only if absent). */
function claim(claims: string, product: Product, owner: string): boolean {
  mkdirSync(claims, { recursive: true });
  try {
    writeFileSync(join(claims, product._id), owner, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A worker's share, remembering what it handed out in `ledger` (a JSON file of product ids kept for
 * the run: a worker that replaces a failed one in the same slot carries on from it). Every product
 * handed out is also claimed in a folder beside the ledger that all workers share, so a worker
 * whose share has run out can borrow from `spare` (the other shares) without two workers ever
 * taking one piece: the tests a worker happens to run may take more pieces than its share holds.
 */
export function workerProducts(
  share: readonly Product[],
  ledger: string,
  spare: readonly Product[] = [],
): WorkerProducts {
  const taken = new Set<string>(
    existsSync(ledger) ? (JSON.parse(readFileSync(ledger, 'utf8')) as string[]) : [],
  );
  const claims = join(dirname(ledger), 'claims');
  const candidates = [...share, ...[...spare].reverse()];
  return {
    all: share,
    take(where = () => true) {
      const product = candidates.find(
        (p) => !taken.has(p._id) && where(p) && claim(claims, p, ledger),
      );
      if (!product) {
        throw new Error(
          `No product left in this worker's share (${share.length} products, ${taken.size} taken) or the others' for this test: widen its filter or use fewer workers.`,
        );
      }
      taken.add(product._id);
      mkdirSync(dirname(ledger), { recursive: true });
      writeFileSync(ledger, JSON.stringify([...taken]));
      return product;
    },
  };
}
