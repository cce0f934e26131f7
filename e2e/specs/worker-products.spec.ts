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

test('a worker whose share has run out borrows from another, and the piece is taken once', async ({
  workerProducts: mine,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'pehnava-ledger-'));
  try {
    const [a1, a2, b1, b2] = mine.all;
    // Two workers sharing one run's folder, each with a share of two.
    const a = workerProducts([a1!, a2!], join(dir, 'slot-0.json'), [b1!, b2!]);
    const b = workerProducts([b1!, b2!], join(dir, 'slot-1.json'), [a1!, a2!]);
    expect([a.take()._id, a.take()._id]).toEqual([a1!._id, a2!._id]);
    // A's share is spent: it borrows from the far end of B's.
    expect(a.take()._id).toBe(b2!._id);
    // B never gets the piece A borrowed, and nothing is left once B has its other one.
    expect(b.take()._id).toBe(b1!._id);
    expect(() => b.take()).toThrow(/No product left in this worker's share/);
    expect(() => a.take()).toThrow(/No product left in this worker's share/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
