import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const alias = { '@pehnava/shared': shared };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
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
    ],
  },
});
