import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeListener } from '../../db/change-feed.js';
import { NOT_SERVED_CHANGE, createNotServedPrefixes } from './not-served-prefixes.js';

/*
 * The console's pincodes not served, kept in each process's memory (decision 068): reloaded on
 * the change feed's notification, on a gap, and every few seconds while the feed is not live; a
 * slow read never replaces a newer one.
 */
const logger = pino({ level: 'silent' });

/** A table the test writes, whose reads the test may hold back and let go in any order. */
function fakeTable(initial: string[] = []) {
  let rows = [...initial];
  let holding = false;
  const held: (() => void)[] = [];
  let reads = 0;
  return {
    set: (next: string[]) => {
      rows = [...next];
    },
    hold: () => {
      holding = true;
    },
    /** Let the held reads answer, in this order of their starting (0 = first). */
    release: (order?: number[]) => {
      holding = false;
      const waiting = held.splice(0);
      for (const index of order ?? waiting.map((_, i) => i)) waiting[index]!();
    },
    reads: () => reads,
    repository: {
      prefixes: () => {
        reads += 1;
        const snapshot = [...rows];
        if (!holding) return Promise.resolve(snapshot);
        return new Promise<string[]>((resolve) => held.push(() => resolve(snapshot)));
      },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

function kept(table: ReturnType<typeof fakeTable>, live = true, refreshMs?: number) {
  const { feed, tell, state } = makeFeed(live);
  const prefixes = createNotServedPrefixes({
    repository: table.repository,
    feed,
    logger,
    ...(refreshMs ? { refreshMs } : {}),
  });
  stops.push(() => prefixes.stop());
  return { prefixes, tell, state };
}

/** A change feed the test drives: live or not, and the changes it tells. */
function makeFeed(live: boolean) {
  const state = { live };
  const listeners: ChangeListener[] = [];
  return {
    state,
    feed: {
      live: () => state.live,
      subscribe: (listener: ChangeListener) => void listeners.push(listener),
    },
    tell: (change: string) => listeners.forEach((listener) => listener(change)),
  };
}

describe('the pincodes not served, kept in memory', () => {
  it('covers a pincode when a listed prefix begins it, from the read at start', async () => {
    const table = fakeTable(['744', '682028']);
    const { prefixes } = kept(table);
    expect(prefixes.covers('744101')).toBe(false);
    await prefixes.start();
    for (const pincode of ['744101', '744302', '682028'])
      expect(prefixes.covers(pincode)).toBe(true);
    for (const pincode of ['682001', '400050', '174410']) {
      expect(prefixes.covers(pincode)).toBe(false);
    }
  });

  it('reloads on the change feed’s notification and on a gap, not on other changes', async () => {
    const table = fakeTable();
    const { prefixes, tell } = kept(table);
    await prefixes.start();
    table.set(['11']);
    tell('u:someone');
    tell('p:a-product');
    await settle();
    expect(prefixes.covers('110001')).toBe(false);
    tell(NOT_SERVED_CHANGE);
    await settle();
    expect(prefixes.covers('110001')).toBe(true);
    table.set([]);
    tell('*');
    await settle();
    expect(prefixes.covers('110001')).toBe(false);
  });

  it('a read that began earlier never replaces one that began later', async () => {
    const table = fakeTable();
    const { prefixes } = kept(table);
    await prefixes.start();
    table.hold();
    const older = prefixes.reload();
    table.set(['5']);
    const newer = prefixes.reload();
    // The newer read answers first, the older (without '5') after it.
    table.release([1, 0]);
    await Promise.all([older, newer]);
    expect(prefixes.covers('560001')).toBe(true);
  });

  it('reads again every refreshMs while the feed is not live, and not while it is', async () => {
    const table = fakeTable();
    const { prefixes, state } = kept(table, false, 20);
    await prefixes.start();
    table.set(['3']);
    await vi.waitFor(() => expect(prefixes.covers('302001')).toBe(true), { timeout: 2000 });
    state.live = true;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const reads = table.reads();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(table.reads()).toBe(reads);
  });

  it('stops reading once stopped: no notification or timer reads the table after', async () => {
    const table = fakeTable();
    const { prefixes, tell } = kept(table, false, 10);
    await prefixes.start();
    await prefixes.stop();
    const reads = table.reads();
    tell(NOT_SERVED_CHANGE);
    tell('*');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(table.reads()).toBe(reads);
  });
});
