import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

/** An API server running in a process of its own (tests of several processes on one database). */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything it has written to stdout and stderr so far. */
  output: () => string;
}

/**
 * Start src/server.ts in a process of its own on the PostgreSQL database `url`, on a free port,
 * with a data folder of its own (`prepare` may put files in it first: keys the deployment
 * shares), its jobs running, and `env` over the defaults. Resolves once /api/health answers;
 * throws with its output if it exits or has not answered within 90 s.
 */
export async function startServerProcess({
  url,
  label,
  env = {},
  prepare,
}: {
  url: string;
  /** Names its data folder, for whoever finds one left behind. */
  label: string;
  env?: Record<string, string>;
  prepare?: (dataDir: string) => void;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `pehnava-${label}-`));
  prepare?.(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: '1',
      TEST_CLOCK: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 90_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, child, dataDir, output: () => output };
}

/** Stop it (SIGTERM, then SIGKILL after 10 s) and remove its data folder. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}
