// A separate OS process taking tax documents' serials (decision 081) from the PostgreSQL named by
// its first argument, as an API process does inside the transaction that issues a document: each
// of `count` transactions (4 at a time) takes the next serial of `kind` in `financialYear`, waits a
// moment while holding it, then commits, or rolls back when its index is a multiple of
// `rollbackEvery`. Prints one JSON line: the serials committed and how many rolled back.
// Used by modules/tax-documents/tax-document-races.int.test.ts.
import type { TaxDocumentKind } from '@pehnava/shared';
import { openDatabase } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import { systemClock } from '../lib/clock.js';

const [url, kind, financialYear, count, rollbackEvery] = process.argv.slice(2);
if (!url || !kind || !financialYear || !count || !rollbackEvery) {
  throw new Error('usage: tax-serials-worker <url> <kind> <financialYear> <count> <rollbackEvery>');
}

class RolledBack extends Error {}

const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const uow = createUnitOfWork({ db: database.db, clock: systemClock });
const committed: number[] = [];
let rolledBack = 0;
let nextIndex = 0;

async function lane(): Promise<void> {
  for (let index = nextIndex++; index < Number(count); index = nextIndex++) {
    try {
      const serial = await uow.run(async (tx) => {
        const taken = await tx.taxDocuments.takeSerial(
          kind as TaxDocumentKind,
          Number(financialYear),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        if ((index + 1) % Number(rollbackEvery) === 0) throw new RolledBack();
        return taken;
      });
      committed.push(serial);
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      rolledBack += 1;
    }
  }
}

await Promise.all([lane(), lane(), lane(), lane()]);
await database.close();
process.stdout.write(`${JSON.stringify({ committed, rolledBack })}\n`);
