import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const alias = { '@pehnava/shared': shared };

/**
 * The files that take longest (the payment model's two halves, about 80 s each on PostgreSQL,
 * apps/api/src/test/model/payment-model.ts) start first, one in each worker, and the rest fill in
 * beside them. Otherwise a fresh clone, with no timings kept from an earlier run, starts the
 * largest files first and the small second half of the model last, alone at the end of the run.
 */
const LONGEST = [/[\\/]payment-model(-2)?\.int\.test\.ts$/];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONGEST.some((name) => name.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // One import of the modules per worker instead of one per file: the files share no
          // state (none mocks a module or changes the environment), and a fresh import per file
          // was three quarters of the step's 22 s.
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'scripts/fleet-load.test.mjs',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.int.test.ts'],
          // Once per run: build packages/shared and make the template databases (migrated,
          // seeded) that each file copies its own database from (apps/api/src/test/templates.ts).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Each file opens its own database; PGlite is CPU-bound, so keep two at a time.
          maxWorkers: 2,
          // Files run one after another in each worker's process, which imports the app once
          // instead of once per file (a fresh process per file spent about a third of the run's
          // CPU importing it again). Every file makes its own database and app, and none changes
          // modules or the environment for the next.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The deployment on paper (Dockerfile, deploy/), read without a container engine or
          // root, and what the builds import at run time: `npm test` runs it after its build.
          name: 'deployment',
          environment: 'node',
          include: ['scripts/deploy.test.mjs'],
        },
      },
      {
        test: {
          // The fleet's fault tests (docs/reliability.md): three built hosts in network namespaces
          // behind HAProxy, as root; `npm test` runs them after the build. One file, in order.
          name: 'fleet',
          environment: 'node',
          include: ['scripts/fleet.test.mjs'],
          testTimeout: 120_000,
          hookTimeout: 150_000,
        },
      },
    ],
  },
});
