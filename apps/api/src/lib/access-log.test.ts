import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog, type AccessLogMode } from './access-log.js';
import { createLogger, requestLoggerFactory } from './logger.js';

type Line = Record<string, unknown> & { level: number; msg: string };

/**
 * An app logging as the server does (its logger, its request loggers, its access log) at `level`,
 * whose lines are kept.
 */
async function appWith({
  mode = 'notable',
  slowMs = 1_000,
  level = 'info',
}: { mode?: AccessLogMode; slowMs?: number; level?: 'info' | 'warn' } = {}) {
  const lines: Line[] = [];
  const logger = createLogger(
    { LOG_LEVEL: level },
    { write: (line) => lines.push(JSON.parse(line) as Line) },
  );
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLog({ mode, slowMs }),
  });
  app.get('/read', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  app.get('/missing', async (_request, reply) => reply.code(404).send({ ok: false }));
  app.get('/broken', async () => {
    throw new Error('the shelf fell over');
  });
  app.post('/write', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('the access log (decision 062)', () => {
  it('writes nothing for a quick, successful read, nor for a read answered 404', async () => {
    const { app, lines } = await appWith();
    expect((await app.inject('/read')).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/read' })).statusCode).toBe(200);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes one line for a write: method, URL, status, time and request id, at info', async () => {
    const { app, lines } = await appWith();
    await app.inject({ method: 'POST', url: '/write?from=cart', payload: {} });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/write?from=cart' },
      res: { statusCode: 200 },
    });
    expect(line!.reqId).toBeTruthy();
    expect(typeof line!.responseTime).toBe('number');
    await app.close();
  });

  it("logs a failed read: the error handler's line with the error, then its access line", async () => {
    const { app, lines } = await appWith();
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'the shelf fell over'],
      [30, 'request completed'],
    ]);
    expect(lines[0]!.err).toMatchObject({ message: 'the shelf fell over' });
    expect(lines[1]).toMatchObject({
      req: { method: 'GET', url: '/broken' },
      res: { statusCode: 500 },
    });
    expect(lines[1]!.reqId).toBe(lines[0]!.reqId);
    await app.close();
  });

  it('logs a read that took SLOW_REQUEST_MS or longer at warn, so LOG_LEVEL=warn keeps it', async () => {
    const { app, lines } = await appWith({ slowMs: 40, level: 'warn' });
    await app.inject('/read');
    await app.inject('/slow');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'request completed', req: { url: '/slow' } });
    expect(lines[0]!.responseTime as number).toBeGreaterThanOrEqual(40);
    await app.close();
  });

  it("at LOG_LEVEL=warn a write's line is not written, a failure's error is", async () => {
    const { app, lines } = await appWith({ level: 'warn' });
    await app.inject({ method: 'POST', url: '/write', payload: {} });
    await app.inject('/broken');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[50, 'the shelf fell over']]);
    await app.close();
  });

  it("with ACCESS_LOG=all, one line for every request, never Fastify's 'incoming request'", async () => {
    const { app, lines } = await appWith({ mode: 'all' });
    await app.inject('/read');
    await app.inject('/missing');
    expect(
      lines.map((line) => [line.level, line.msg, (line.res as { statusCode: number }).statusCode]),
    ).toEqual([
      [30, 'request completed', 200],
      [30, 'request completed', 404],
    ]);
    await app.close();
  });
});
