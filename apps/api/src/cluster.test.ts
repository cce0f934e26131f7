import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { runCluster, type WorkerPool } from './cluster.js';

/** node:cluster's primary side, with workers that are only records of the signals sent to them. */
class FakePool extends EventEmitter implements WorkerPool {
  forked: FakeWorker[] = [];
  nextPid = 100;
  fork(): Worker {
    const worker = new FakeWorker(this.nextPid++);
    this.forked.push(worker);
    return worker as unknown as Worker;
  }
  listen(worker: FakeWorker) {
    this.emit('listening', worker);
  }
  die(worker: FakeWorker, code: number | null, signal: string | null = null) {
    this.emit('exit', worker, code, signal);
  }
}

class FakeWorker extends EventEmitter {
  signals: string[] = [];
  process: { pid: number; kill: (signal: string) => void };
  /** Whether its IPC channel is still open (node:cluster routes connections to it until closed). */
  connected = false;
  constructor(pid: number) {
    super();
    this.process = { pid, kill: (signal) => this.signals.push(signal) };
  }
  isConnected() {
    return this.connected;
  }
  disconnect() {
    this.connected = false;
    this.emit('disconnect');
  }
}

const log = {
  info: vi.fn(),
  error: vi.fn(),
} as unknown as FastifyBaseLogger;

function start(options: { maxStartFailures?: number } = {}) {
  const pool = new FakePool();
  const signals = new EventEmitter();
  const exit = vi.fn();
  let clock = 0;
  runCluster({
    pool,
    workers: 2,
    log,
    shutdownTimeoutMs: 5_000,
    source: signals,
    exit,
    restartDelayMs: 1000,
    now: () => clock,
    ...options,
  });
  return {
    pool,
    signals,
    exit,
    advance: async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the cluster primary', () => {
  it('starts the configured number of workers', () => {
    const { pool } = start();
    expect(pool.forked).toHaveLength(2);
  });

  it('replaces a worker that dies, waiting longer while crashes keep coming', async () => {
    const { pool, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);

    pool.die(a!, 1);
    await advance(999);
    expect(pool.forked).toHaveLength(2);
    await advance(1);
    expect(pool.forked).toHaveLength(3);
    pool.listen(pool.forked[2]!);

    // A second crash within a minute: twice the wait.
    pool.die(b!, null, 'SIGKILL');
    await advance(1999);
    expect(pool.forked).toHaveLength(3);
    await advance(1);
    expect(pool.forked).toHaveLength(4);

    // After a quiet minute the wait is back to the first one.
    pool.listen(pool.forked[3]!);
    await advance(120_000);
    pool.die(pool.forked[3]!, 1);
    await advance(1000);
    expect(pool.forked).toHaveLength(5);
  });

  it('says a worker died, and replaces it, only once node:cluster has stopped routing to it', async () => {
    const { pool, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    vi.mocked(log.error).mockClear();
    // Its exit came first; its IPC channel (and with it its place in the rotation) is still open.
    a!.connected = true;
    pool.die(a!, null, 'SIGKILL');
    expect(log.error).not.toHaveBeenCalled();
    await advance(5000);
    expect(pool.forked).toHaveLength(2);
    a!.disconnect();
    expect(log.error).toHaveBeenCalledWith(
      { worker: a!.process.pid, code: null, signal: 'SIGKILL' },
      'worker died',
    );
    await advance(1000);
    expect(pool.forked).toHaveLength(3);
  });

  it('a worker whose channel closes after SIGTERM is not replaced', async () => {
    const { pool, signals, exit, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    a!.connected = true;
    pool.die(a!, null, 'SIGKILL');
    signals.emit('SIGTERM', 'SIGTERM');
    a!.disconnect();
    pool.die(b!, 0);
    expect(exit).toHaveBeenCalledWith(0);
    await advance(60_000);
    expect(pool.forked).toHaveLength(2);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('stops the server when workers keep dying before they listen', async () => {
    const { pool, exit, advance } = start({ maxStartFailures: 3 });
    const [a, b] = pool.forked;
    pool.die(a!, 1);
    await advance(1000);
    pool.die(pool.forked[2]!, 1);
    await advance(2000);
    // The third failure to start: no more restarts; the one still starting is asked to stop.
    pool.die(pool.forked[3]!, 1);
    expect(b!.signals).toEqual(['SIGTERM']);
    await advance(5000);
    expect(pool.forked).toHaveLength(4);
    expect(exit).not.toHaveBeenCalled();
    pool.die(b!, 1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('on SIGTERM asks every worker to finish, and exits 0 once all have', async () => {
    const { pool, signals, exit } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT'); // a second signal changes nothing
    expect(a!.signals).toEqual(['SIGTERM']);
    expect(b!.signals).toEqual(['SIGTERM']);
    pool.die(a!, 0);
    expect(exit).not.toHaveBeenCalled();
    pool.die(b!, 0);
    expect(exit).toHaveBeenCalledWith(0);
    expect(pool.forked).toHaveLength(2);
  });

  it('exits 1 when a worker fails to close, and never restarts during shutdown', async () => {
    const { pool, signals, exit, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    signals.emit('SIGINT', 'SIGINT');
    pool.die(a!, 1);
    await advance(5000);
    expect(pool.forked).toHaveLength(2);
    pool.die(b!, 0);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('a worker that died just before shutdown is not started again', async () => {
    const { pool, signals, exit, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    pool.die(a!, 1);
    signals.emit('SIGTERM', 'SIGTERM');
    pool.die(b!, 0);
    expect(exit).not.toHaveBeenCalled();
    await advance(1000);
    expect(pool.forked).toHaveLength(2);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('kills workers that do not stop in time and exits 1', async () => {
    const { pool, signals, exit, advance } = start();
    const [a, b] = pool.forked;
    pool.listen(a!);
    pool.listen(b!);
    signals.emit('SIGTERM', 'SIGTERM');
    pool.die(a!, 0);
    await advance(6000);
    expect(b!.signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(exit).toHaveBeenCalledWith(1);
  });
});
