import type { Clock } from '../lib/clock.js';
import type { Database } from './client.js';
import { createRepositories, type Repositories } from './repositories.js';

/**
 * One transaction across repositories: checkout writes a booking, its items, unit reservations,
 * a coupon hold, a payment and a mail in one. Every write inside `run` commits together or none
 * does; a constraint the database enforces (exclusion, unique, foreign key) rolls it all back and
 * reaches the shopper as a 409 (plugins/errors.ts).
 */
export interface UnitOfWork {
  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createUnitOfWork({
  db,
  clock,
  afterCommit,
}: {
  db: Database;
  clock: Clock;
  /** Called after each commit that queued mail, a refund or a WhatsApp message (jobs nudged). */
  afterCommit?: {
    mailQueued?: () => void;
    refundQueued?: () => void;
    whatsappQueued?: () => void;
  };
}): UnitOfWork {
  return {
    async run(work) {
      let mailQueued = false;
      let refundQueued = false;
      let whatsappQueued = false;
      const result = await db.transaction(async (tx) => {
        const repos = createRepositories(tx, clock, {
          mailQueued: () => (mailQueued = true),
          refundQueued: () => (refundQueued = true),
          whatsappQueued: () => (whatsappQueued = true),
        });
        return work(repos);
      });
      if (mailQueued) afterCommit?.mailQueued?.();
      if (refundQueued) afterCommit?.refundQueued?.();
      if (whatsappQueued) afterCommit?.whatsappQueued?.();
      return result;
    },
  };
}
