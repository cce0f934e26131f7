import type { ChangeFeed } from '../db/change-feed.js';

/**
 * Answers kept in memory by key until the database says a row they were read from changed
 * (decision 058). A kept answer is dropped by the change that names its key, by any change it
 * depends on (known once it is loaded), and by `*`. A load that was under way when a change it may
 * have missed arrived is answered but not kept. While the change feed is not live nothing is kept
 * or answered from memory.
 */
export interface KeptAnswers<V> {
  /**
   * The answer for `key`: the kept one if there is one and `isCurrent` accepts it (what no change
   * notification covers: the day, a plan's end, the catalogue snapshot); else `load()`'s, kept
   * if nothing that could change it arrived while it loaded.
   */
  read(key: string, load: () => Promise<V>, isCurrent?: (value: V) => boolean): Promise<V>;
  /** Drop what is kept for `key`, and keep no load for it under way. */
  forget(key: string): void;
  /** How many answers are kept (tests, metrics). */
  size(): number;
}

interface Kept<V> {
  value: V;
  /** The changes that drop it: its key's own and those it depends on. */
  changes: string[];
}

/** A load from the database under way: spoiled when a change it may have missed arrives. */
interface Load {
  key: string;
  spoiled: boolean;
}

export function createKeptAnswers<V>({
  feed,
  maxEntries,
  changeOf,
  dependsOn = () => [],
  spoiledWhileLoadingBy = [],
  keepable = () => true,
}: {
  feed: Pick<ChangeFeed, 'live' | 'subscribe'>;
  /** The most answers kept at once (the least recently read go first); 0 keeps none. */
  maxEntries: number;
  /** The change that names a key (`u:<user id>`, `p:<product id>`). */
  changeOf: (key: string) => string;
  /** Further changes a loaded answer depends on. */
  dependsOn?: (value: V) => string[];
  /** Prefixes of changes that spoil any load under way (its dependencies are not known yet). */
  spoiledWhileLoadingBy?: string[];
  /** Whether a loaded answer may be kept at all. */
  keepable?: (value: V) => boolean;
}): KeptAnswers<V> {
  /** By key, least recently read first (a Map keeps insertion order). */
  const kept = new Map<string, Kept<V>>();
  /** By change, the keys it drops. */
  const dropsBy = new Map<string, Set<string>>();
  const loads = new Set<Load>();

  function drop(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    for (const change of entry.changes) {
      const keys = dropsBy.get(change);
      keys?.delete(key);
      if (keys?.size === 0) dropsBy.delete(change);
    }
  }

  function keep(key: string, value: V) {
    drop(key);
    const changes = [...new Set([changeOf(key), ...dependsOn(value)])];
    kept.set(key, { value, changes });
    for (const change of changes) {
      let keys = dropsBy.get(change);
      if (!keys) dropsBy.set(change, (keys = new Set()));
      keys.add(key);
    }
    while (kept.size > maxEntries) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  feed.subscribe((change) => {
    if (change === '*') {
      kept.clear();
      dropsBy.clear();
      for (const load of loads) load.spoiled = true;
      return;
    }
    for (const key of [...(dropsBy.get(change) ?? [])]) drop(key);
    const openEnded = spoiledWhileLoadingBy.some((prefix) => change.startsWith(prefix));
    for (const load of loads) {
      if (openEnded || changeOf(load.key) === change) load.spoiled = true;
    }
  });

  return {
    async read(key, load, isCurrent = () => true) {
      const usable = maxEntries > 0 && feed.live();
      if (usable) {
        const entry = kept.get(key);
        if (entry && isCurrent(entry.value)) {
          // Read again: it moves to the end, the last to be let go.
          kept.delete(key);
          kept.set(key, entry);
          return entry.value;
        }
        if (entry) drop(key);
      }
      const mine: Load = { key, spoiled: !usable };
      loads.add(mine);
      try {
        const value = await load();
        if (!mine.spoiled && feed.live() && keepable(value)) keep(key, value);
        return value;
      } finally {
        loads.delete(mine);
      }
    },

    forget(key) {
      drop(key);
      for (const load of loads) if (load.key === key) load.spoiled = true;
    },

    size: () => kept.size,
  };
}
