// The fleet's fast fault tests (docs/reliability.md), run by `npm test` after the build (vitest
// project 'fleet'): the fleet brought up fresh, requests through HAProxy reaching all three hosts
// with their request ids in the hosts' logs, then under a steady load of catalogue reads and
// checkouts, a host killed with -9, PostgreSQL gone for 4 s, and a rolling restart of all three;
// after each, the database is read for lost and doubled bookings. The fleet is taken down at the end, passed or failed.
//
// Skipped, saying why, without root, iproute2's ip, Debian's haproxy, the build, PostgreSQL at
// FLEET_PG_URL or Redis at FLEET_REDIS_URL (.ci/run installs haproxy and starts both servers).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKS,
  HOSTS,
  bringUpHost,
  fleetDown,
  fleetSettings,
  fleetUp,
  haproxyServers,
  hostNamed,
  killHost,
  relayCommand,
  rollingRestart,
  sleep,
  statePaths,
  waitForHaproxy,
  whyFleetCannotRun,
} from './fleet-lib.mjs';
import {
  agent,
  call,
  checkDatabase,
  describeFailures,
  describeKinds,
  failed,
  shopFacts,
  signUp,
  startLoad,
} from './fleet-load.mjs';

const settings = fleetSettings();
const paths = statePaths(settings.stateDir);

async function postgresProblem() {
  const client = new pg.Client({ connectionString: settings.pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${settings.pgUrl} did not answer (${error.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisProblem() {
  const { hostname, port } = new URL(settings.redisUrl);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('error', () => done(`Redis at ${settings.redisUrl} did not answer`));
    socket.on('close', () => done(`Redis at ${settings.redisUrl} did not answer`));
    socket.on('connect', () => {
      socket.destroy();
      done(undefined);
    });
  });
}

const skipReason = whyFleetCannotRun() ?? (await postgresProblem()) ?? (await redisProblem());
if (skipReason) process.stdout.write(`The fleet's tests are skipped: ${skipReason}.\n`);

describe.skipIf(skipReason)('a fleet of three hosts behind HAProxy', () => {
  let tokens = [];
  let products = [];
  let payments;

  beforeAll(async () => {
    const started = performance.now();
    await fleetUp({ fresh: true }, settings);
    process.stdout.write(`fleet up in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    ({ payments, products } = await shopFacts());
    tokens = await Promise.all(
      [0, 1, 2, 3].map((i) => signUp(`fleet-${process.pid}-${i}@example.com`)),
    );
  });

  afterAll(async () => {
    agent.destroy();
    await fleetDown(settings);
  });

  it('spreads requests over the three hosts, each logging the request id it was given', async () => {
    const served = new Set();
    for (let i = 0; i < 6; i += 1) {
      served.add((await call('/api/product/list')).headers['x-served-by']);
    }
    expect([...served].sort()).toEqual(HOSTS.map((h) => h.name));

    // Writes get an access line (ACCESS_LOG=notable): a refused login is one.
    const sent = [];
    for (let i = 0; i < 6; i += 1) {
      const id = `fleet-test-${process.pid}-${i}`;
      const res = await call('/api/user/login', {
        method: 'POST',
        headers: { 'x-request-id': id },
        body: { email: `nobody-${i}@example.com`, password: 'not-the-password' },
      });
      expect(res.headers['x-request-id']).toBe(id);
      sent.push({ id, host: res.headers['x-served-by'] });
    }
    // No id sent: HAProxy makes one (a UUID), and the host answers and logs it.
    const bare = await call('/api/user/login', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(bare.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    sent.push({ id: bare.headers['x-request-id'], host: bare.headers['x-served-by'] });

    await sleep(300);
    const logs = Object.fromEntries(
      HOSTS.map((h) => [h.name, readFileSync(paths.hostLog(h), 'utf8').split('\n')]),
    );
    for (const { id, host } of sent) {
      for (const other of HOSTS) {
        const lines = logs[other.name].filter((line) => line.includes(`"reqId":"${id}"`));
        if (other.name === host) expect(lines.length, `${id} in ${host}'s log`).toBeGreaterThan(0);
        else expect(lines, `${id} only in ${host}'s log`).toEqual([]);
      }
    }
  });

  it('routes around a host killed with -9 within its checks, losing no acknowledged booking', async () => {
    const victim = hostNamed('h2');
    const load = startLoad({ readers: 4, tokens, products, payments });
    await sleep(3000);
    const killedAt = performance.now();
    await killHost(victim);
    await waitForHaproxy(victim, 'DOWN', 10_000, settings);
    const downAt = performance.now();
    await sleep(4000);
    await load.stop();

    const downSeconds = (downAt - killedAt) / 1000;
    const before = load.requests.filter((r) => r.start < killedAt);
    const during = load.requests.filter((r) => r.start >= killedAt && r.start < downAt);
    const after = load.requests.filter((r) => r.start >= downAt);
    // Requests in flight on h2 when it died had no answer; each is counted, none should be after.
    const inFlight = load.requests.filter(
      (r) => r.start < killedAt && r.end >= killedAt && failed(r),
    );
    const database = await checkDatabase(load.checkouts);
    const servers = await haproxyServers(settings);
    process.stdout.write(
      `kill -9 h2: DOWN in HAProxy after ${downSeconds.toFixed(2)} s; requests ${load.requests.length} ` +
        `(before ${before.length}, during ${during.length}, after ${after.length}); failed: ` +
        `before ${before.filter(failed).length} (${inFlight.length} in flight at the kill: ` +
        `${describeFailures(inFlight) || 'none'}), during ${during.filter(failed).length} ` +
        `(${describeFailures(during.filter(failed)) || 'none'}), after ${after.filter(failed).length}; ` +
        `checkouts confirmed ${database.acknowledged}, lost ${database.acknowledgedLost}, ` +
        `paid ${database.paid}, paid but not confirmed ${database.paidNotConfirmed}, ` +
        `units booked twice ${database.doubled}; HAProxy h2 retries/redispatches ` +
        `${servers.find((s) => s.name === 'h2')?.retries}/${servers.find((s) => s.name === 'h2')?.redispatches}\n`,
    );
    const window = (CHECKS.interMs + CHECKS.fastinterMs * (CHECKS.fall - 1) + 1500) / 1000;
    expect(downSeconds).toBeLessThanOrEqual(window);
    expect(after.filter(failed), describeFailures(after.filter(failed))).toEqual([]);
    expect(after.length).toBeGreaterThan(20);
    expect(database.acknowledged).toBeGreaterThan(0);
    expect(database.acknowledgedLost).toBe(0);
    expect(database.paidNotConfirmed).toBe(0);
    expect(database.doubled).toBe(0);

    const back = performance.now();
    await bringUpHost(victim, settings);
    process.stdout.write(
      `h2 back UP in HAProxy ${((performance.now() - back) / 1000).toFixed(1)} s after its start\n`,
    );
  });

  it('rides out a PostgreSQL restart: no worker dies, reads go on, writes get 503s, not 500s, and resume', async () => {
    const load = startLoad({ readers: 4, tokens, products, payments, pauseMs: 20 });
    await sleep(1000);
    const downAt = performance.now();
    await relayCommand('down postgresql', settings);
    await Promise.all(HOSTS.map((h) => waitForHaproxy(h, 'DOWN', 10_000, settings)));
    const allDownAt = performance.now();
    await sleep(Math.max(0, downAt + 4000 - performance.now()));
    const upAt = performance.now();
    await relayCommand('up postgresql', settings);
    await Promise.all(HOSTS.map((h) => waitForHaproxy(h, 'UP', 20_000, settings)));
    const allUpAt = performance.now();
    await sleep(2000);
    await load.stop();

    const reads = load.requests.filter((r) => r.label === 'catalogue');
    const after = load.requests.filter((r) => r.start >= allUpAt);
    const outage = load.requests.filter((r) => r.start >= downAt && r.start < allUpAt);
    // The first checkout the database took again: a create answered 200 once it was back.
    const writesBack = load.requests.find(
      (r) => r.label === 'create' && r.status === 200 && r.start >= upAt,
    );
    const database = await checkDatabase(load.checkouts);
    const died = HOSTS.flatMap((h) =>
      readFileSync(paths.hostLog(h), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"msg":"worker died"')),
    );
    process.stdout.write(
      `PostgreSQL down ${((upAt - downAt) / 1000).toFixed(1)} s: every host DOWN after ` +
        `${((allDownAt - downAt) / 1000).toFixed(1)} s, all UP ${((allUpAt - upAt) / 1000).toFixed(1)} s ` +
        `after it was back, the first checkout created ` +
        `${writesBack ? `${((writesBack.end - upAt) / 1000).toFixed(1)} s after` : 'never'}; ` +
        `requests ${load.requests.length}, in the outage ${outage.length} ` +
        `(${describeKinds(outage)}); failed ${describeFailures(load.requests) || 'none'}; catalogue reads failed ` +
        `${reads.filter(failed).length} of ${reads.length}; after ${after.filter(failed).length} of ` +
        `${after.length}; workers died ${died.length}; checkouts confirmed ${database.acknowledged}, ` +
        `lost ${database.acknowledgedLost}, units booked twice ${database.doubled}\n`,
    );
    expect(died).toEqual([]);
    // A request the database could not serve is told to try again (503 with Retry-After, commit
    // 096a007), never a 500; nor is one left without an answer, since HAProxy always has the
    // backups to send to. Those in flight when it went count too, so the whole run is looked at.
    const internalErrors = load.requests.filter((r) => r.status === 500);
    const saidNotWhen = load.requests.filter(
      (r) => r.status === 503 && !/^[1-9]\d*$/.test(r.retryAfter ?? ''),
    );
    const unexpected = load.requests.filter(
      (r) => !(r.status >= 200 && r.status < 300) && r.status !== 409 && r.status !== 503,
    );
    expect(internalErrors, describeKinds(internalErrors)).toEqual([]);
    expect(saidNotWhen, describeKinds(saidNotWhen)).toEqual([]);
    expect(unexpected, describeKinds(unexpected)).toEqual([]);
    // No host ready: HAProxy sends to them all the same, and they answer reads from memory.
    expect(reads.filter(failed), describeFailures(reads.filter(failed))).toEqual([]);
    expect(after.filter(failed), describeFailures(after.filter(failed))).toEqual([]);
    expect(database.acknowledgedLost).toBe(0);
    expect(database.paidNotConfirmed).toBe(0);
    expect(database.doubled).toBe(0);
  });

  it('restarts the three hosts one at a time under load without one failed request', async () => {
    // Steadier than the kill's: the hosts' starts need the CPU the load would take.
    const load = startLoad({ readers: 4, tokens, products, payments, pauseMs: 20 });
    await sleep(1000);
    const started = performance.now();
    const timings = await rollingRestart(HOSTS, settings);
    const seconds = (performance.now() - started) / 1000;
    await sleep(1000);
    await load.stop();
    const failures = load.requests.filter(failed);
    const database = await checkDatabase(load.checkouts);
    process.stdout.write(
      `rolling restart in ${seconds.toFixed(1)} s (${timings
        .map(
          (t) =>
            `${t.host}: out after ${(t.downMs / 1000).toFixed(1)} s, back after ${(t.totalMs / 1000).toFixed(1)} s`,
        )
        .join('; ')}); requests ${load.requests.length}, failed ${failures.length}` +
        `${failures.length ? ` (${describeFailures(failures)})` : ''}; checkouts confirmed ` +
        `${database.acknowledged}, lost ${database.acknowledgedLost}, units booked twice ${database.doubled}\n`,
    );
    expect(failures, describeFailures(failures)).toEqual([]);
    expect(database.acknowledged).toBeGreaterThan(0);
    expect(database.acknowledgedLost).toBe(0);
    expect(database.paidNotConfirmed).toBe(0);
    expect(database.doubled).toBe(0);
    // Three hosts stopped and started in turn: about 45 s on a quiet machine, but each host's
    // start took 35 to 40 s on a 2-core machine loaded by other work (2026-11-28), 114 s in all,
    // so this test has more time than the others. What it must show is not its speed.
  }, 240_000);
});
