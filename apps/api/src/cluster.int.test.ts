import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres, type TestDatabase } from './test/database.js';
import { freePort } from './test/ports.js';

interface LogLine {
  msg?: string;
  /** A worker's process id, in the primary's lines about it. */
  worker?: number;
  workers?: number;
}

/** The server's log lines (pino JSON on stdout), as they come. */
function collectLogs(child: ChildProcess): LogLine[] {
  const lines: LogLine[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  return lines;
}

async function until<T>(what: string, ms: number, check: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A GET on a new connection each time: a kept-alive connection to a worker that was killed is
 * reset, as it would be for any client of a crashed process.
 */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 10 s`)));
    req.on('error', reject);
  });
}

/** A GET's body on a new connection (so node:cluster may hand it to any worker). */
function bodyOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 10 s`)));
    req.on('error', reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(usingPostgres())('WEB_CONCURRENCY: workers sharing one port', () => {
  let database: TestDatabase;
  let dataDir: string;
  let child: ChildProcess;
  let logs: LogLine[];
  let base: string;
  let stderr = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'pehnava-cluster-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', server], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '5000',
        TEST_CLOCK: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    logs = collectLogs(child);
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database.close();
  });

  const listening = () =>
    logs.filter((line) => line.msg === 'worker listening').map((line) => line.worker!);

  it('migrates and seeds once, then two workers answer on the one port', async () => {
    const pids = await until('two workers', 150_000, () =>
      listening().length >= 2 ? listening() : undefined,
    );
    expect(new Set(pids).size, stderr).toBe(2);
    expect(logs.filter((line) => line.msg === 'seed checked')).toHaveLength(1);
    expect(logs.find((line) => line.msg === 'Pehnava is running')?.workers).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => statusOf(`${base}/api/product/list`)),
    );
    expect(answers).toEqual(Array(20).fill(200));
  }, 180_000);

  it("answers /metrics with every worker's counts summed, whichever worker takes the scrape", async () => {
    const listed =
      'http_request_duration_seconds_count{method="GET",route="/api/product/list",status_code="200"}';
    const scrapes = await Promise.all(Array.from({ length: 6 }, () => bodyOf(`${base}/metrics`)));
    for (const text of scrapes) {
      // The 20 reads above went to both workers; every scrape counts all of them.
      expect(text).toContain(`${listed} 20\n`);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(text).toMatch(/^pehnava_mail_outbox_waiting \d+$/m);
      expect(text.match(/^pehnava_mail_outbox_waiting /gm)).toHaveLength(1);
    }
    expect(await statusOf(`${base}/api/ready`)).toBe(200);
  }, 60_000);

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = listening();
    process.kill(victim!, 'SIGKILL');
    // A connection handed to the worker as it died may be lost with it; once the primary has seen
    // the death, every new connection goes to the survivor until the replacement listens.
    await until('the death to be seen', 30_000, () =>
      logs.some((line) => line.msg === 'worker died') ? true : undefined,
    );
    for (let i = 0; i < 10; i += 1) {
      expect(await statusOf(`${base}/api/health`)).toBe(200);
    }
    const replacement = await until('a new worker', 150_000, () =>
      listening().find((pid) => pid !== victim && pid !== survivor),
    );
    expect(isRunning(replacement)).toBe(true);
    expect(logs.find((line) => line.msg === 'worker died')?.worker).toBe(victim);
    expect(await statusOf(`${base}/api/health`)).toBe(200);
  }, 180_000);

  it('on SIGTERM, every worker stops and the server exits 0', async () => {
    const workers = listening().filter(isRunning);
    expect(workers).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    await until('the workers to be gone', 10_000, () =>
      workers.every((pid) => !isRunning(pid)) ? true : undefined,
    );
  }, 30_000);
});
