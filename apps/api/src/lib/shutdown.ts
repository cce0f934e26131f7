import type { FastifyBaseLogger } from 'fastify';

export interface SignalSource {
  once(event: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  source?: SignalSource;
  /** Stop accepting, let in-flight requests finish, then close the database. */
  close: () => Promise<void>;
  /** After this (counted once draining is over), give up waiting and exit anyway. */
  timeoutMs: number;
  /**
   * Told at once when the signal comes (readiness turns 503), before `drainMs` of serving on so a
   * load balancer can take the process out of rotation; then `close` (decision 075).
   */
  onDrain?: () => void;
  drainMs?: number;
  log: FastifyBaseLogger;
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT: say so (`onDrain`), keep serving for `drainMs`, then close gracefully once
 * (a second signal while closing is ignored), exit 0 when done, 1 if closing fails or takes longer
 * than timeoutMs.
 */
export function installGracefulShutdown({
  signals = ['SIGTERM', 'SIGINT'],
  source = process,
  close,
  timeoutMs,
  onDrain,
  drainMs = 0,
  log,
  exit = (code) => process.exit(code),
}: ShutdownOptions): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    onDrain?.();
    if (drainMs > 0) {
      log.info(
        { signal, drainMs },
        'shutting down: not ready, serving on while the load balancer notices',
      );
      setTimeout(() => finish(signal), drainMs);
    } else {
      finish(signal);
    }
  };
  const finish = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out; exiting');
      exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => {
        clearTimeout(timer);
        log.info('shutdown complete');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) source.once(signal, onSignal);
}
