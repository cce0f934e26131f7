// Vitest global set-up of the "api" project (vitest.config.ts): runs once per run, before any
// test file. It builds packages/shared (the CLI tests run the API outside Vitest, where
// @pehnava/shared resolves to its built dist/) and makes the run's template databases.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { prepareTemplates } from './templates.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function buildShared(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-b', 'packages/shared'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    throw new Error(`Building packages/shared failed:\n${built.stdout}${built.stderr}`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildShared();
  const prepared = await prepareTemplates(process.env.TEST_DATABASE_URL || undefined);
  project.provide('pehnavaTemplates', prepared.templates);
  return () => prepared.dispose();
}
