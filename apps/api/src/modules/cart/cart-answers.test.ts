import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, createChangeFeed } from '../../db/change-feed.js';
import { createCartAnswers } from './cart-answers.js';
import type { CartRead } from './cart.repository.js';

const logger = pino({ level: 'silent' });
const NOW = new Date('2026-12-01T06:00:00Z');
const LATER = new Date('2026-12-20T06:00:00Z');

/** A stand-in for the database's LISTEN: the test sends the notifications and the outages. */
function fakeListening() {
  let handlers:
    { onMessage: (payload: string) => void; onGap: () => void; onDown?: () => void } | undefined;
  let failFirst = false;
  return {
    database: {
      async listen(
        channel: string,
        onMessage: (payload: string) => void,
        onGap: () => void,
        onDown?: () => void,
      ) {
        expect(channel).toBe(CHANGES_CHANNEL);
        handlers = { onMessage, onGap, onDown };
        if (failFirst) onDown?.();
        return async () => {
          handlers = undefined;
        };
      },
    },
    notify: (payload: string) => handlers?.onMessage(payload),
    lose: () => handlers?.onDown?.(),
    regain: () => handlers?.onGap(),
    failFirstListen: () => {
      failFirst = true;
    },
  };
}

/** A stored cart read: an account, lines of these products, and a plan ending at `planEnd`. */
function storedCart(userId: string, productIds: string[], planEnd?: Date): CartRead {
  return {
    account: { id: userId } as CartRead['account'],
    items: productIds.map(
      (productId) => ({ productId, datesAvailable: true }) as CartRead['items'][number],
    ),
    plan: planEnd
      ? {
          planId: 'plus',
          startDate: NOW,
          endDate: planEnd,
          autoRenew: false,
          rentalLimit: 4,
          itemsRented: 0,
        }
      : undefined,
  };
}

/** A load the test finishes when it chooses, counting how often the database was asked. */
function loader(read: CartRead) {
  const calls = { n: 0 };
  return {
    calls,
    load: () => {
      calls.n += 1;
      return Promise.resolve(read);
    },
    deferred() {
      let finish!: () => void;
      const loaded = new Promise<CartRead>((resolve) => {
        finish = () => resolve(read);
      });
      return { load: () => loaded, finish };
    },
  };
}

/** Cart answers on a change feed of their own, fed by `listening`. */
function answersOn(listening: ReturnType<typeof fakeListening>, maxEntries = 100) {
  const feed = createChangeFeed({ database: listening.database, logger });
  return { feed, answers: createCartAnswers({ feed, maxEntries }) };
}

async function started(maxEntries = 100) {
  const listening = fakeListening();
  const { feed, answers } = answersOn(listening, maxEntries);
  await feed.start();
  return { answers, feed, ...listening };
}

describe('cart answers', () => {
  it('keeps a read and answers the next from memory', async () => {
    const { answers } = await started();
    const { load, calls } = loader(storedCart('u1', ['p1']));
    const first = await answers.read('u1', NOW, load);
    const second = await answers.read('u1', NOW, load);
    expect(second).toBe(first);
    expect(calls.n).toBe(1);
    expect(answers.size()).toBe(1);
  });

  it('drops a shopper on their own notification or forget, and only them', async () => {
    const { answers, notify } = await started();
    const one = loader(storedCart('u1', ['p1']));
    const two = loader(storedCart('u2', ['p2']));
    await answers.read('u1', NOW, one.load);
    await answers.read('u2', NOW, two.load);
    notify('u:u1');
    await answers.read('u1', NOW, one.load);
    await answers.read('u2', NOW, two.load);
    expect([one.calls.n, two.calls.n]).toEqual([2, 1]);
    answers.forget('u2');
    await answers.read('u2', NOW, two.load);
    expect(two.calls.n).toBe(2);
  });

  it("drops every shopper holding a product on that product's notification", async () => {
    const { answers, notify } = await started();
    const holder = loader(storedCart('u1', ['p1', 'p2']));
    const other = loader(storedCart('u2', ['p3']));
    await answers.read('u1', NOW, holder.load);
    await answers.read('u2', NOW, other.load);
    notify('p:p2');
    await answers.read('u1', NOW, holder.load);
    await answers.read('u2', NOW, other.load);
    expect([holder.calls.n, other.calls.n]).toEqual([2, 1]);
    notify('*');
    expect(answers.size()).toBe(0);
  });

  it('does not keep a read that a change overtook while it was under way', async () => {
    for (const change of ['u:u1', 'p:p9', '*', 'forget']) {
      const { answers, notify } = await started();
      const { deferred, load, calls } = loader(storedCart('u1', ['p1']));
      const slow = deferred();
      const reading = answers.read('u1', NOW, slow.load);
      if (change === 'forget') answers.forget('u1');
      else notify(change);
      slow.finish();
      await reading;
      expect(answers.size(), change).toBe(0);
      await answers.read('u1', NOW, load);
      expect(calls.n, change).toBe(1);
    }
  });

  it("keeps a read under way when another shopper's own change arrives", async () => {
    const { answers, notify } = await started();
    const slow = loader(storedCart('u1', ['p1'])).deferred();
    const reading = answers.read('u1', NOW, slow.load);
    notify('u:u2');
    slow.finish();
    await reading;
    expect(answers.size()).toBe(1);
  });

  it('reads afresh once the plan the read found has ended', async () => {
    const { answers } = await started();
    const planEnd = new Date('2026-12-10T00:00:00Z');
    const { load, calls } = loader(storedCart('u1', ['p1'], planEnd));
    await answers.read('u1', NOW, load);
    await answers.read('u1', new Date(planEnd.getTime() - 1), load);
    expect(calls.n).toBe(1);
    await answers.read('u1', planEnd, load);
    await answers.read('u1', LATER, load);
    expect(calls.n).toBe(3);
  });

  it('keeps nothing for a token that names no account', async () => {
    const { answers } = await started();
    const read = { ...storedCart('gone', []), account: undefined };
    await answers.read('gone', NOW, () => Promise.resolve(read));
    expect(answers.size()).toBe(0);
  });

  it('lets the least recently read go first when full', async () => {
    const { answers } = await started(2);
    const loads = ['u1', 'u2', 'u3'].map((id) => loader(storedCart(id, ['p1'])));
    await answers.read('u1', NOW, loads[0]!.load);
    await answers.read('u2', NOW, loads[1]!.load);
    await answers.read('u1', NOW, loads[0]!.load); // u1 read again: u2 is now the oldest
    await answers.read('u3', NOW, loads[2]!.load);
    expect(answers.size()).toBe(2);
    await answers.read('u1', NOW, loads[0]!.load);
    await answers.read('u2', NOW, loads[1]!.load);
    expect(loads.map((l) => l.calls.n)).toEqual([1, 2, 1]);
  });

  it('neither keeps nor answers from memory while it cannot hear of changes', async () => {
    const { answers, lose, regain } = await started();
    const { load, calls } = loader(storedCart('u1', ['p1']));
    await answers.read('u1', NOW, load);
    lose();
    expect(answers.size()).toBe(0);
    await answers.read('u1', NOW, load);
    await answers.read('u1', NOW, load);
    expect(calls.n).toBe(3);
    expect(answers.size()).toBe(0);
    regain();
    await answers.read('u1', NOW, load);
    await answers.read('u1', NOW, load);
    expect(calls.n).toBe(4);
  });

  it('keeps nothing until its first LISTEN is in place', async () => {
    const listening = fakeListening();
    listening.failFirstListen();
    const { feed, answers } = answersOn(listening);
    await feed.start();
    const { load, calls } = loader(storedCart('u1', ['p1']));
    await answers.read('u1', NOW, load);
    await answers.read('u1', NOW, load);
    expect(calls.n).toBe(2);
    listening.regain();
    await answers.read('u1', NOW, load);
    await answers.read('u1', NOW, load);
    expect(calls.n).toBe(3);
  });

  it('keeps nothing before start, after stop, or with no room (CART_CACHE_ENTRIES=0)', async () => {
    const { load, calls } = loader(storedCart('u1', ['p1']));
    const { answers: idle } = answersOn(fakeListening(), 9);
    await idle.read('u1', NOW, load);
    await idle.read('u1', NOW, load);
    expect(calls.n).toBe(2);

    const { answers, feed } = await started();
    await answers.read('u1', NOW, load);
    await feed.stop();
    await answers.read('u1', NOW, load);
    await answers.read('u1', NOW, load);
    expect(calls.n).toBe(5);

    const off = answersOn(fakeListening(), 0);
    await off.feed.start();
    const none = off.answers;
    await none.read('u1', NOW, load);
    await none.read('u1', NOW, load);
    expect(calls.n).toBe(7);
    expect(none.size()).toBe(0);
  });
});
