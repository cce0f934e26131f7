import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './access-log.js';
import { createLogger, requestLoggerFactory } from './logger.js';

/** An app on a logger at `level` whose lines are kept, counting the child loggers it makes. */
async function appAt(level: 'warn' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { LOG_LEVEL: level },
    { write: (line) => lines.push(JSON.parse(line)) },
  );
  let children = 0;
  // Counted on every logger made from this one (Fastify's own child with its serializers too).
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    children += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  // Every request's access line, so that each request writes at info.
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLog({ mode: 'all', slowMs: 1_000 }),
  });
  app.get('/quiet', async (request) => {
    request.log.info('not written at warn');
    request.log.debug({ token: 'secret' }, 'never written');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ body: { token: 'abc123' }, note: 'kept' }, 'something to see');
    request.log.error('and again');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, children: () => children };
}

describe('requestLoggerFactory', () => {
  it('makes no child logger for a request that writes nothing at a level that is on', async () => {
    const { app, lines, children } = await appAt('warn');
    const before = children();
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(before);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes a request's lines as its child would: its request id on each, secrets redacted", async () => {
    const { app, lines, children } = await appAt('warn');
    const before = children();
    await app.inject('/loud');
    expect(children()).toBe(before + 1);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'something to see'],
      [50, 'and again'],
    ]);
    expect(lines[0]!.reqId).toBeTruthy();
    expect(lines[1]!.reqId).toBe(lines[0]!.reqId);
    expect(lines[0]!.body).toEqual({ token: '[redacted]' });
    expect(lines[0]!.note).toBe('kept');
    await app.close();
  });

  it('at info, the access line carries the request id and no authorization header', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ url: '/quiet', headers: { authorization: 'Bearer sekrit' } });
    const own = lines.filter((line) => line.msg !== 'not written at warn');
    expect(own.map((line) => line.msg)).toEqual(['request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    expect(JSON.stringify(lines)).not.toContain('sekrit');
    expect(lines.find((line) => line.msg === 'not written at warn')?.reqId).toBe(own[0]!.reqId);
    await app.close();
  });
});
