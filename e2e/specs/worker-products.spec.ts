import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { productListResponseSchema } from '@pehnava/shared';
import { expect, test } from '../fixtures';
import { isRentable, shareOf, workerProducts } from '../worker-products';

test('each worker rents from its own share of the catalogue, and the shares cover it', async ({
  request,
  workerProducts: mine,
}) => {
  const { products } = productListResponseSchema.parse(
    await (await request.get('/api/product/list')).json(),
  );
  const rentable = products.filter(isRentable).map((p) => p._id);
  const { parallelIndex, config } = test.info();
  expect(mine.all.map((p) => p._id)).toEqual(
    shareOf(products, parallelIndex, config.workers).map((p) => p._id),
  );
  for (const slots of [1, 2, 3, config.workers]) {
    const shares = Array.from({ length: slots }, (_, slot) =>
      shareOf(products, slot, slots).map((p) => p._id),
    );
    const all = shares.flat();
    expect(new Set(all).size, `${slots} workers: no product in two shares`).toBe(all.length);
    expect(all.sort(), `${slots} workers: every rentable product in a share`).toEqual(
      [...rentable].sort(),
    );
    // Every share has something of each tier, for tests that need a tier.
    for (const share of shares.slice(0, 2)) {
      const tiers = new Set(products.filter((p) => share.includes(p._id)).map((p) => p.category));
      expect([...tiers].sort()).toEqual(['luxury', 'premium', 'royal']);
    }
  }
});

test('a product is taken once per run, even by a worker that replaces a failed one', async ({
  workerProducts: mine,
}) => {
  const ledger = join(mkdtempSync(join(tmpdir(), 'pehnava-ledger-')), 'slot.json');
  try {
    const share = mine.all.slice(0, 3);
    const first = workerProducts(share, ledger);
    const a = first.take();
    const b = first.take();
    expect(b._id).not.toBe(a._id);
    const replacement = workerProducts(share, ledger);
    const c = replacement.take();
    expect([a._id, b._id]).not.toContain(c._id);
    expect(() => replacement.take()).toThrow(/No product left in this worker's share/);
  } finally {
    rmSync(dirname(ledger), { recursive: true, force: true });
  }
});
