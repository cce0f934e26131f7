import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { CartRead } from './cart.repository.js';

/** What the database triggers of migration 0014 NOTIFY when a cart's answer may have changed. */
export const CART_CHANNEL = 'pehnava_cart_changes';

/**
 * GET /api/cart's reads kept in memory, per shopper (decision 058). A shopper's cart answer
 * changes only when a row it was read from changes, or when their plan ends; database triggers
 * (migration 0014) NOTIFY every such write on commit, from any process, and this process drops
 * what it kept:
 * - `u:<user id>`: the shopper's account, cart lines, plans or bookings;
 * - `p:<product id>`: the product's units or reservations (whose dates are free), for every
 *   shopper whose kept cart holds it;
 * - `*`: everything (the plans' limits changed, or a table was emptied).
 *
 * The shopper's own writes in this process are forgotten before their response is sent (`forget`,
 * from app.ts), so a shopper always reads what they just did. A read that was under way while a
 * change it may miss arrived is answered but not kept. Nothing is kept, and nothing is answered
 * from memory, while the listening connection is down; everything is dropped when it is back.
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
  /** Start listening; until it listens nothing is kept. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** How many shoppers' reads are kept (tests, metrics). */
  size(): number;
}

interface Kept {
  read: CartRead;
  /** The products of its lines (a change to one drops it). */
  products: string[];
  /** When it stops being true by itself (its plan ends), epoch ms. */
  goodUntil: number;
}

/** A read from the database under way: spoiled when a change it may have missed arrives. */
interface Load {
  userId: string;
  spoiled: boolean;
}

export function createCartAnswers({
  database,
  maxEntries,
  logger,
}: {
  database: Pick<DatabaseHandle, 'listen'>;
  /** The most shoppers kept at once (the least recently read go first); 0 keeps none. */
  maxEntries: number;
  logger: FastifyBaseLogger;
}): CartAnswers {
  /** By shopper, least recently read first (a Map keeps insertion order). */
  const kept = new Map<string, Kept>();
  /** By product, the shoppers whose kept read has a line of it. */
  const holders = new Map<string, Set<string>>();
  const loads = new Set<Load>();
  type State = 'stopped' | 'starting' | 'live' | 'down';
  let state: State = 'stopped';
  /** The state as it is now (after an await, TypeScript would still narrow `state`). */
  const stateNow = (): State => state;
  let stopListening: (() => Promise<void>) | undefined;

  function drop(userId: string) {
    const entry = kept.get(userId);
    if (!entry) return;
    kept.delete(userId);
    for (const productId of entry.products) {
      const users = holders.get(productId);
      users?.delete(userId);
      if (users?.size === 0) holders.delete(productId);
    }
  }

  function spoil(userId?: string) {
    for (const load of loads)
      if (userId === undefined || load.userId === userId) load.spoiled = true;
  }

  function dropAll() {
    kept.clear();
    holders.clear();
    spoil();
  }

  function keep(userId: string, read: CartRead) {
    drop(userId);
    const products = [...new Set(read.items.map((item) => item.productId))];
    kept.set(userId, {
      read,
      products,
      goodUntil: read.plan ? read.plan.endDate.getTime() : Number.POSITIVE_INFINITY,
    });
    for (const productId of products) {
      let users = holders.get(productId);
      if (!users) holders.set(productId, (users = new Set()));
      users.add(userId);
    }
    while (kept.size > maxEntries) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  function changed(payload: string) {
    if (state === 'stopped') return;
    if (payload.startsWith('u:')) {
      const userId = payload.slice(2);
      drop(userId);
      spoil(userId);
    } else if (payload.startsWith('p:')) {
      for (const userId of [...(holders.get(payload.slice(2)) ?? [])]) drop(userId);
      // Which products a read under way will hold is known only when it ends.
      spoil();
    } else {
      dropAll();
    }
  }

  return {
    async read(userId, now, load) {
      if (state === 'live') {
        const entry = kept.get(userId);
        if (entry && now.getTime() < entry.goodUntil) {
          // Read again: it moves to the end, the last to be let go.
          kept.delete(userId);
          kept.set(userId, entry);
          return entry.read;
        }
        if (entry) drop(userId);
      }
      const mine: Load = { userId, spoiled: state !== 'live' };
      loads.add(mine);
      try {
        const read = await load();
        // No account: the token names no shopper, and nothing is kept for it.
        if (!mine.spoiled && state === 'live' && read.account) keep(userId, read);
        return read;
      } finally {
        loads.delete(mine);
      }
    },

    forget(userId) {
      drop(userId);
      spoil(userId);
    },

    async start() {
      if (state !== 'stopped' || maxEntries <= 0) return;
      state = 'starting';
      const stop = await database.listen(
        CART_CHANNEL,
        changed,
        () => {
          if (state === 'stopped') return;
          logger.warn('cart notifications resumed after a lost connection; kept carts dropped');
          dropAll();
          state = 'live';
        },
        () => {
          if (state === 'stopped') return;
          dropAll();
          state = 'down';
        },
      );
      // The callbacks above may have moved it on while listening began.
      const now = stateNow();
      if (now === 'stopped') {
        await stop();
        return;
      }
      stopListening = stop;
      if (now === 'starting') state = 'live';
    },

    async stop() {
      state = 'stopped';
      dropAll();
      const stopping = stopListening;
      stopListening = undefined;
      await stopping?.();
    },

    size: () => kept.size,
  };
}
