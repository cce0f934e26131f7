import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { usingPostgres } from '../database.js';
import { commandArbitraries } from './commands.js';
import { runSequence, type ModelCommand } from './sequence.js';
import { openWorld, type World } from './world.js';

/** The sequences of a whole run (PAYMENT_MODEL_RUNS, 2,000 by default), over every part. */
const RUNS = Number(process.env.PAYMENT_MODEL_RUNS || 2_000);
/**
 * The files the sequences are split between (payment-model.int.test.ts and
 * payment-model-2.int.test.ts): vitest runs them side by side, each with its own database and
 * world, so the run takes about half as long on two cores and covers as many sequences.
 */
export const PAYMENT_MODEL_PARTS = 2;
const SEED = process.env.PAYMENT_MODEL_SEED ? Number(process.env.PAYMENT_MODEL_SEED) : undefined;
const PATH = process.env.PAYMENT_MODEL_PATH || undefined;
/** The commands' own replay hint, printed in the counterexample as replayPath="…". */
const REPLAY = process.env.PAYMENT_MODEL_REPLAY || undefined;
/** Short sequences: most of what goes wrong takes a handful of steps, and shrinks to fewer. */
const MAX_COMMANDS = 12;

/**
 * Part `part` of the payment model (payment-model.int.test.ts says what it checks): its share of
 * the random sequences, each from fast-check's own random seed, and the `regressions` given, on
 * two app instances over one PostgreSQL database of this file's own.
 */
export function describePaymentModel({
  part,
  regressions = {},
}: {
  part: number;
  regressions?: Record<string, ModelCommand[]>;
}) {
  const runs = Math.ceil(RUNS / PAYMENT_MODEL_PARTS);
  describe.runIf(usingPostgres())(
    `payments under random interleavings (model-based), part ${part} of ${PAYMENT_MODEL_PARTS}`,
    () => {
      let world: World;

      beforeAll(async () => {
        world = await openWorld();
      }, 120_000);
      afterAll(async () => {
        await world?.close();
      });

      it(
        `keep their invariants over ${runs} random sequences on two app instances`,
        async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.commands(commandArbitraries(), {
                maxCommands: MAX_COMMANDS,
                size: 'max',
                ...(REPLAY ? { replayPath: REPLAY } : {}),
              }),
              (cmds) => runSequence(world, cmds),
            ),
            {
              numRuns: runs,
              ...(SEED === undefined ? {} : { seed: SEED }),
              ...(PATH ? { path: PATH, endOnFailure: true } : {}),
            },
          );
        },
        // At least 20 minutes, more for a long run by hand (about 60 ms a sequence on 2 cores).
        Math.max(20 * 60_000, runs * 250),
      );

      if (Object.keys(regressions).length > 0) {
        describe('regressions', () => {
          for (const [name, commands] of Object.entries(regressions)) {
            it(name, () => runSequence(world, commands));
          }
        });
      }
    },
  );
}
