import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { NotServedRepository } from './not-served.repository.js';

/** What migration 0018's trigger NOTIFYs on the change feed when unserved_pincodes is written. */
export const NOT_SERVED_CHANGE = 'pincodes';
/** How often the prefixes are read again while the change feed is not live (decision 068). */
export const NOT_SERVED_REFRESH_MS = 5_000;

/**
 * The console's pincodes not served, kept in this process's memory (decision 068), so that the
 * served check of checkout and GET /api/pincode stays synchronous and costs no query.
 *
 * - `start()` reads them before the app serves (a failure stops the start, as a wrong
 *   WAREHOUSE_PINCODE does).
 * - A write through this process reloads them before it answers (`reload()`), so its operator sees
 *   the change at once; every other process hears the write's NOTIFY on the change feed
 *   ('pincodes', and '*' when notifications may have been missed) and reloads them within moments.
 * - While the feed is not live (not started, or its connection lost), they are read again every
 *   NOT_SERVED_REFRESH_MS: a change made elsewhere meanwhile is seen within that time.
 *
 * Loads are numbered as they begin and only a later one replaces what is kept: a slow read that
 * began before a write never overwrites one that began after it.
 */
export function createNotServedPrefixes({
  repository,
  feed,
  logger,
  refreshMs = NOT_SERVED_REFRESH_MS,
}: {
  repository: Pick<NotServedRepository, 'prefixes'>;
  feed: Pick<ChangeFeed, 'live' | 'subscribe'>;
  logger: FastifyBaseLogger;
  refreshMs?: number;
}) {
  let kept: ReadonlySet<string> = new Set();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let begun = 0;
  let applied = 0;
  const running = new Set<Promise<void>>();

  async function reload(): Promise<void> {
    const mine = ++begun;
    const prefixes = await repository.prefixes();
    if (mine > applied) {
      applied = mine;
      kept = new Set(prefixes);
    }
  }

  /** A reload nobody waits for: a failure keeps the last list, and is logged. */
  function reloadLater() {
    const load = reload().catch((error: unknown) => {
      logger.warn({ err: error }, 'could not read the pincodes not served; the last list is kept');
    });
    running.add(load);
    void load.finally(() => running.delete(load));
  }

  feed.subscribe((change) => {
    if (started && (change === NOT_SERVED_CHANGE || change === '*')) reloadLater();
  });

  return {
    /** Whether a listed prefix begins `pincode` (a pincode is one of its own prefixes). */
    covers(pincode: string): boolean {
      for (let length = 1; length <= pincode.length; length += 1) {
        if (kept.has(pincode.slice(0, length))) return true;
      }
      return false;
    },

    /** Read them again now, and keep them (unless a later read got there first). */
    reload,

    async start() {
      if (started) return;
      await reload();
      started = true;
      timer = setInterval(() => {
        if (!feed.live()) reloadLater();
      }, refreshMs);
      timer.unref();
    },

    /** Stop reading them (before the database closes); waits for a read under way. */
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all(running);
    },
  };
}

export type NotServedPrefixes = ReturnType<typeof createNotServedPrefixes>;
