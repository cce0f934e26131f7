import type { ChangeFeed } from '../../db/change-feed.js';
import { createKeptAnswers } from '../../lib/kept-answers.js';
import type { CartRead } from './cart.repository.js';

/**
 * GET /api/cart's reads kept in memory, per shopper (decision 058). A shopper's cart answer
 * changes only when a row it was read from changes, or when their plan ends; database triggers
 * (migration 0014) NOTIFY every such write on commit, from any process (db/change-feed.ts), and
 * this process drops what it kept:
 * - `u:<user id>`: the shopper's account, cart lines, plans or bookings;
 * - `p:<product id>`: the product's units or reservations (whose dates are free), for every
 *   shopper whose kept cart holds it;
 * - `*`: everything (the plans' limits changed, a table was emptied, or the feed went down).
 *
 * The shopper's own writes in this process are forgotten before their response is sent (`forget`,
 * from app.ts), so a shopper always reads what they just did. A read that was under way while a
 * change it may miss arrived is answered but not kept; a read with a plan is good until the plan
 * ends; a read without an account (the token names no one) is not kept.
 *
 * Only the cart view uses it: checkout, coupons and plan changes read the cart afresh.
 */
export interface CartAnswers {
  /**
   * The shopper's cart read: kept, if one is and is still good at `now`; else `load()`'s, kept
   * if nothing that could change it arrived while it was read.
   */
  read(userId: string, now: Date, load: () => Promise<CartRead>): Promise<CartRead>;
  /** Drop what is kept for this shopper (they changed something), and keep no read under way. */
  forget(userId: string): void;
  /** How many shoppers' reads are kept (tests, metrics). */
  size(): number;
}

export function createCartAnswers({
  feed,
  maxEntries,
}: {
  feed: Pick<ChangeFeed, 'live' | 'subscribe'>;
  /** The most shoppers kept at once (the least recently read go first); 0 keeps none. */
  maxEntries: number;
}): CartAnswers {
  const kept = createKeptAnswers<CartRead>({
    feed,
    maxEntries,
    changeOf: (userId) => `u:${userId}`,
    dependsOn: (read) => read.items.map((item) => `p:${item.productId}`),
    // Which products a read under way will hold is known only when it ends.
    spoiledWhileLoadingBy: ['p:'],
    keepable: (read) => read.account !== undefined,
  });
  return {
    read: (userId, now, load) =>
      kept.read(userId, load, (read) => !read.plan || now.getTime() < read.plan.endDate.getTime()),
    forget: (userId) => kept.forget(userId),
    size: () => kept.size(),
  };
}
