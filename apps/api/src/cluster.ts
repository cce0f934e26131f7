import type { Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { SignalSource } from './lib/shutdown.js';

/** The part of node:cluster the primary uses (a stand-in in tests). */
export interface WorkerPool {
  fork(): Worker;
  on(event: 'listening', listener: (worker: Worker) => void): unknown;
  on(
    event: 'exit',
    listener: (worker: Worker, code: number | null, signal: string | null) => void,
  ): unknown;
}

export interface ClusterOptions {
  pool: WorkerPool;
  workers: number;
  log: FastifyBaseLogger;
  /** How long the workers get to finish in-flight requests after SIGTERM before they are killed. */
  shutdownTimeoutMs: number;
  source?: SignalSource;
  exit?: (code: number) => void;
  /** The first restart's delay; each crash within a minute of the last doubles it, up to 30 s. */
  restartDelayMs?: number;
  /** Workers dying before they ever listen this many times in a row stop the whole server. */
  maxStartFailures?: number;
  now?: () => number;
}

const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The primary of `WEB_CONCURRENCY` workers sharing one port (node:cluster hands connections to
 * them in turn). A worker that dies is replaced, after a delay that grows while crashes keep
 * coming. Workers that die before they ever listen (a bad configuration, a database that does not
 * answer) stop the server after a few tries rather than looping. SIGTERM or SIGINT is passed on:
 * each worker finishes its in-flight requests and closes (lib/shutdown.ts), and the primary exits
 * 0 when all of them did, 1 when one failed or the time ran out.
 */
export function runCluster({
  pool,
  workers,
  log,
  shutdownTimeoutMs,
  source = process,
  exit = (code) => process.exit(code),
  restartDelayMs = 1000,
  maxStartFailures = 3,
  now = Date.now,
}: ClusterOptions): void {
  const live = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  let stopping = false;
  let failedShutdown = false;
  let startFailures = 0;
  let delay = restartDelayMs;
  let lastCrashAt = -Infinity;
  let pendingRestarts = 0;

  const start = () => {
    const worker = pool.fork();
    live.add(worker);
  };

  let killTimer: NodeJS.Timeout | undefined;
  const finishIfDone = () => {
    if (!stopping || live.size > 0 || pendingRestarts > 0) return;
    clearTimeout(killTimer);
    exit(failedShutdown ? 1 : 0);
  };

  const stop = (reason: string, code?: number) => {
    if (stopping) return;
    stopping = true;
    if (code !== undefined && code !== 0) failedShutdown = true;
    log.info({ reason, workers: live.size }, 'stopping the workers');
    for (const worker of live) worker.process.kill('SIGTERM');
    killTimer = setTimeout(() => {
      log.error({ timeoutMs: shutdownTimeoutMs }, 'workers did not stop in time; killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      exit(1);
    }, shutdownTimeoutMs + 1000);
    killTimer.unref();
    finishIfDone();
  };

  pool.on('listening', (worker) => {
    if (listened.has(worker)) return;
    listened.add(worker);
    startFailures = 0;
    log.info({ worker: worker.process.pid }, 'worker listening');
  });

  /**
   * A worker that died in service: said, and replaced. Called once node:cluster has also stopped
   * handing it connections (see the 'exit' listener).
   */
  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    log.error({ worker: worker.process.pid, code, signal }, 'worker died');
    if (!listened.has(worker)) {
      startFailures += 1;
      if (startFailures >= maxStartFailures) {
        log.error({ tries: startFailures }, 'workers die before they listen; stopping');
        stop('workers fail to start', 1);
        return;
      }
    }
    const at = now();
    delay = at - lastCrashAt < 60_000 ? Math.min(delay * 2, MAX_RESTART_DELAY_MS) : restartDelayMs;
    lastCrashAt = at;
    pendingRestarts += 1;
    setTimeout(() => {
      pendingRestarts -= 1;
      if (stopping) return finishIfDone();
      log.info({ afterMs: delay }, 'starting a worker in its place');
      start();
    }, delay);
  };

  pool.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0 && signal !== 'SIGTERM') failedShutdown = true;
      finishIfDone();
      return;
    }
    // node:cluster takes a worker out of the connections' rotation when its IPC channel closes,
    // which may come just after its exit. Until then a new connection can still be handed to the
    // dead worker, and is lost with it; so "worker died" waits for that too, and then means that
    // every new connection goes to the workers alive.
    if (worker.isConnected()) worker.once('disconnect', () => replace(worker, code, signal));
    else replace(worker, code, signal);
  });

  source.once('SIGTERM', (signal) => stop(signal));
  source.once('SIGINT', (signal) => stop(signal));

  for (let i = 0; i < workers; i += 1) start();
}
