import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { OPERATOR } from './accounts';
import { CHROMIUM_ARGS, findChromium } from './browser';

const executablePath = findChromium();
if (!executablePath) {
  // With CI=true a missing browser is a failure, never a skip.
  throw new Error(
    'No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROME_PATH.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-e2e-'));

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]]
    : 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: /specs\/after\// },
    // Specs that move the server's clock (TEST_CLOCK) run last, when nothing else is running.
    { name: 'after-clock', testMatch: /specs\/after\/.*\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    // An operator account is made first (the embedded database takes one process at a time),
    // for the specs that drive bookings through the admin API (accounts.ts, OPERATOR).
    command: `node ../apps/api/dist/cli/create-admin.js --email ${OPERATOR.email} --password ${OPERATOR.password} --name "Pehnava Ops" && node ../apps/api/dist/server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every test signs in from 127.0.0.1: the per-address limit would otherwise stop the run.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      // specs/after/ move the clock forward (POST /api/dev/clock) once every other spec is done.
      TEST_CLOCK: 'true',
    },
  },
});
