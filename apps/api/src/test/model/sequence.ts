// One run of the payment model: a clean world, the commands, an audit of the state they left,
// then the world brought to rest and audited again (now every capture must have found its end).
import fc from 'fast-check';
import { audit, type Violation } from './auditor.js';
import { emptyModel, type Model } from './model.js';
import type { World } from './world.js';

export type ModelCommand = fc.AsyncCommand<Model, World>;

const describeViolations = (violations: Violation[]) =>
  violations.map((v) => `  invariant ${v.invariant}: ${v.message}`).join('\n');

/** Run the commands on a fresh world; throws, listing them, when any invariant does not hold. */
export async function runSequence(world: World, commands: Iterable<ModelCommand>): Promise<void> {
  await world.reset();
  const model = emptyModel(world.shopperIds);
  await fc.asyncModelRun(() => ({ model, real: world }), commands);
  const found = await audit(world, model, { settled: false });
  await world.settle();
  found.push(...(await audit(world, model, { settled: true })));
  const messages = new Set<string>();
  const violations = found.filter((v) => {
    const key = `${v.invariant}:${v.message}`;
    if (messages.has(key)) return false;
    messages.add(key);
    return true;
  });
  if (violations.length > 0) {
    throw new Error(`invariants broken:\n${describeViolations(violations)}`);
  }
}
