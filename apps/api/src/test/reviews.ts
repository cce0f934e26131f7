// Test fixtures for reviews: the seed reviews some of its pieces (its past rentals, decision 072),
// so a test that counts a piece's reviews takes one nobody has reviewed.
import { reviews } from '../db/schema/index.js';
import type { TestApp } from './app.js';

/** The ids of the pieces with any review (shown or hidden). */
export async function reviewedProductIds(t: TestApp): Promise<Set<string>> {
  const rows = await t.database.db.selectDistinct({ id: reviews.productId }).from(reviews);
  return new Set(rows.map((r) => r.id));
}
