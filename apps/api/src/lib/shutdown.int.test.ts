import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createServices } from '../services.js';
import { createTestDatabase } from '../test/database.js';
import { createLogger } from './logger.js';
import { installGracefulShutdown } from './shutdown.js';

const silentLog = {
  info: vi.fn(),
  error: vi.fn(),
} as unknown as Parameters<typeof installGracefulShutdown>[0]['log'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('graceful shutdown', () => {
  it('on SIGTERM lets an in-flight request finish, then closes the database and exits 0', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      services: createServices({ config, database, logger: createLogger(config) }),
    });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const requestStarted = new Promise<void>((r) => (started = r));
    app.get('/api/test/slow', async () => {
      started();
      await new Promise<void>((r) => (release = r));
      return { success: true, finished: true };
    });
    app.addHook('onClose', async () => database.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const signals = new EventEmitter();
    const exit = vi.fn();
    installGracefulShutdown({
      source: signals,
      close: () => app.close(),
      timeoutMs: 10_000,
      log: silentLog,
      exit,
    });

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await requestStarted;
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT'); // a second signal while closing is ignored
    await new Promise((r) => setTimeout(r, 100));
    expect(exit).not.toHaveBeenCalled();
    // New connections are refused while the old request is still running.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, finished: true });
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await database.ping()).toBe(false);
  });

  it('with a drain, says so at once and keeps serving for drainMs before it closes', async () => {
    const signals = new EventEmitter();
    const exit = vi.fn();
    const onDrain = vi.fn();
    const close = vi.fn(async () => undefined);
    installGracefulShutdown({
      source: signals,
      onDrain,
      drainMs: 150,
      close,
      timeoutMs: 10_000,
      log: silentLog,
      exit,
    });
    signals.emit('SIGTERM', 'SIGTERM');
    expect(onDrain).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(close).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(close).toHaveBeenCalledTimes(1);
    expect(onDrain).toHaveBeenCalledTimes(1);
  });

  it('exits 1 when closing takes longer than the timeout', async () => {
    const signals = new EventEmitter();
    const exit = vi.fn();
    installGracefulShutdown({
      source: signals,
      close: () => new Promise<void>(() => undefined),
      timeoutMs: 50,
      log: silentLog,
      exit,
    });
    signals.emit('SIGINT', 'SIGINT');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
