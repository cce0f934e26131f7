import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.js';

/**
 * What migration 0014's triggers NOTIFY when a row that answers kept in memory are read from
 * changes (decision 058): `u:<user id>` (a shopper's account, cart lines, plans, bookings),
 * `p:<product id>` (a product's units and their reservations), `*` (everything).
 */
export const CHANGES_CHANNEL = 'pehnava_cart_changes';

/** A change as listeners hear it: a payload above; `*` also when changes may have been missed. */
export type ChangeListener = (change: string) => void;

/**
 * The one LISTEN connection of a process for CHANGES_CHANNEL, shared by what keeps answers in
 * memory (the cart view, product calendars). Only while it is live may anything be answered from
 * memory: before it listens, and while its connection is lost, notifications would be missed.
 * Going down and coming back are both told to listeners as `*` (drop everything).
 */
export interface ChangeFeed {
  live(): boolean;
  subscribe(listener: ChangeListener): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createChangeFeed({
  database,
  logger,
}: {
  database: Pick<DatabaseHandle, 'listen'>;
  logger: FastifyBaseLogger;
}): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  type State = 'stopped' | 'starting' | 'live' | 'down';
  let state: State = 'stopped';
  /** The state as it is now (after an await, TypeScript would still narrow `state`). */
  const stateNow = (): State => state;
  let stopListening: (() => Promise<void>) | undefined;

  const tell = (change: string) => {
    for (const listener of listeners) listener(change);
  };

  return {
    live: () => state === 'live',

    subscribe(listener) {
      listeners.add(listener);
    },

    async start() {
      if (state !== 'stopped') return;
      state = 'starting';
      const stop = await database.listen(
        CHANGES_CHANNEL,
        (payload) => {
          if (state !== 'stopped') tell(payload);
        },
        () => {
          if (state === 'stopped') return;
          logger.warn('change notifications resumed after a lost connection; kept answers dropped');
          tell('*');
          state = 'live';
        },
        () => {
          if (state === 'stopped') return;
          state = 'down';
          tell('*');
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
      tell('*');
      const stopping = stopListening;
      stopListening = undefined;
      await stopping?.();
    },
  };
}
