// The fleet on one machine (docs/reliability.md): three API hosts, each in its own network
// namespace with its own address and WEB_CONCURRENCY=2, on the machine's PostgreSQL and Redis,
// behind HAProxy with health checks on GET /api/ready. What scripts/fleet.mjs (the commands) and
// scripts/fleet.test.mjs (the fast fault tests in `npm test`) share.
//
// The network: two bridges in the root namespace. The front one (10.77.0.1/24) carries HAProxy's
// requests and checks to the hosts (10.77.0.11-13); the back one (10.78.0.1/24) carries the hosts'
// connections to the relay (scripts/fleet-relay.mjs), which pipes them to PostgreSQL and Redis on
// 127.0.0.1 and stands in for the mail server. So `cut hN` (the host's back link down) cuts a host
// off from PostgreSQL while HAProxy still reaches it: it turns not-ready, and HAProxy routes
// around it.
//
// Only node, ip (iproute2), haproxy and the pg client the project already has are used; nothing
// is downloaded. Everything needs root (namespaces, links).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const serverScript = join(repoRoot, 'apps/api/dist/server.js');
const relayScript = join(repoRoot, 'scripts/fleet-relay.mjs');

/** Each host listens on this port at its own address. */
export const HOST_PORT = 3000;
/** The bridges and their addresses in the root namespace. */
export const FRONT = { bridge: 'pehnava-front', address: '10.77.0.1' };
export const BACK = { bridge: 'pehnava-back', address: '10.78.0.1' };
export const HOSTS = ['h1', 'h2', 'h3'].map((name, i) => ({
  name,
  namespace: `pehnava-${name}`,
  address: `10.77.0.${11 + i}`,
  backAddress: `10.78.0.${11 + i}`,
  /** The root-namespace ends of the host's two links (the namespace calls them eth0, eth1). */
  frontLink: `pvf-${name}`,
  backLink: `pvb-${name}`,
}));

/**
 * HAProxy's health checks: every second while a host is up, every half second while it is
 * changing state; two failures take it out, two successes put it back. A host that stops
 * answering ready is out within inter + fastinter (1.5 s) plus the check's own time.
 */
export const CHECKS = { interMs: 1000, fastinterMs: 500, fall: 2, rise: 2, timeoutMs: 1500 };
/**
 * SHUTDOWN_DRAIN_MS of every host: how long it serves on, answering not-ready, after SIGTERM.
 * Longer than the checks need to take it out (1.5 s and the checks' time), with a margin for a
 * machine busy with the load.
 */
export const DRAIN_MS = 3000;
/** SHUTDOWN_TIMEOUT_MS: in-flight requests get this long once the drain is over. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** The fleet's settings: FLEET_* variables, else these defaults. */
export function fleetSettings(env = process.env) {
  return {
    stateDir: resolve(env.FLEET_STATE ?? join(repoRoot, '.fleet')),
    /** HAProxy listens on 127.0.0.1:port (and on the front bridge, for the sandbox's webhooks). */
    port: Number(env.FLEET_PORT ?? 8080),
    /** The PostgreSQL server (any database on it; the fleet's is `database`). */
    pgUrl: env.FLEET_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    database: env.FLEET_DATABASE ?? 'pehnava_fleet',
    redisUrl: env.FLEET_REDIS_URL ?? 'redis://127.0.0.1:6379',
    /** The Redis database the hosts count rate limits in, apart from the tests' and others'. */
    redisDb: Number(env.FLEET_REDIS_DB ?? 3),
  };
}

/** Where the fleet keeps what it made, in its state folder. */
export function statePaths(stateDir) {
  return {
    state: join(stateDir, 'state.json'),
    haproxyConfig: join(stateDir, 'haproxy.cfg'),
    haproxyPid: join(stateDir, 'haproxy.pid'),
    haproxySocket: join(stateDir, 'haproxy.sock'),
    haproxyLog: join(stateDir, 'haproxy.log'),
    relayPid: join(stateDir, 'relay.pid'),
    relayLog: join(stateDir, 'relay.log'),
    relaySocket: join(stateDir, 'relay.sock'),
    mail: join(stateDir, 'mail.jsonl'),
    hostDir: (host) => join(stateDir, host.name),
    hostLog: (host) => join(stateDir, host.name, 'host.log'),
    hostPid: (host) => join(stateDir, host.name, 'host.pid'),
    hostData: (host) => join(stateDir, host.name, 'data'),
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function hostNamed(name) {
  const host = HOSTS.find((h) => h.name === name);
  if (!host)
    throw new FleetError(`no host '${name}': the hosts are ${HOSTS.map((h) => h.name).join(', ')}`);
  return host;
}

/** A failure the commands report in one line, without a stack. */
export class FleetError extends Error {}

/** Why the fleet cannot run here, or undefined when it can. */
export function whyFleetCannotRun() {
  if (process.platform !== 'linux') return 'the fleet needs Linux (network namespaces)';
  if (process.getuid?.() !== 0) return 'the fleet needs root (network namespaces and links)';
  if (spawnSync('ip', ['-V']).error)
    return "the fleet needs iproute2's ip (apt-get install iproute2)";
  if (spawnSync('haproxy', ['-v']).error)
    return "the fleet needs Debian's haproxy (apt-get install haproxy)";
  if (!existsSync(serverScript))
    return `the fleet runs the built server and ${serverScript} is missing: run npm run build first`;
  return undefined;
}

/** Run `ip` with these arguments; throws with its message unless `allowFailure`. */
function ip(args, { allowFailure = false } = {}) {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (!allowFailure && result.status !== 0) {
    throw new FleetError(`ip ${args.join(' ')}: ${(result.stderr || result.stdout).trim()}`);
  }
  return result;
}

const linkExists = (name) => ip(['link', 'show', name], { allowFailure: true }).status === 0;
const namespaces = () =>
  ip(['netns', 'list'], { allowFailure: true })
    .stdout.split('\n')
    .map((line) => line.split(' ')[0])
    .filter(Boolean);

/** The processes in a host's namespace (its primary and workers), none when it has none. */
export function hostPids(host) {
  const result = ip(['netns', 'pids', host.namespace], { allowFailure: true });
  if (result.status !== 0) return [];
  return result.stdout.split('\n').filter(Boolean).map(Number);
}

/** A pid kept in a file, when that process is still alive and its command line has `marker`. */
function keptPid(file, marker) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.split(') ')[1]?.startsWith('Z')) return undefined;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return command.includes(marker) ? pid : undefined;
  } catch {
    return undefined;
  }
}

const alive = (pid) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};

async function waitUntil(what, check, timeoutMs, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new FleetError(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** Whether something accepts TCP connections at host:port (within 1 s). */
export function answersTcp(host, port) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      done(false);
    });
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

/** The fleet's PostgreSQL URL as the hosts reach it: through the relay on the back bridge. */
function hostDatabaseUrl(settings) {
  const url = new URL(settings.pgUrl);
  url.hostname = BACK.address;
  url.pathname = `/${settings.database}`;
  return url.toString();
}

/** One statement on the PostgreSQL server (the maintenance database of FLEET_PG_URL). */
async function adminQuery(settings, text) {
  const client = new pg.Client({ connectionString: settings.pgUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A client of the fleet's database, for reading what the hosts wrote. */
export async function fleetDatabase(settings = fleetSettings()) {
  const url = new URL(settings.pgUrl);
  url.pathname = `/${settings.database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/**
 * The fleet's secrets, made once and kept in state.json: one JWT secret every host signs and
 * verifies with, and the sandbox payment gateway's keys (each host keeps them in its DATA_DIR, as
 * separate machines would; all must have the same, or a payment signed on one host fails on
 * another).
 */
function fleetSecrets(paths, { fresh }) {
  if (!fresh && existsSync(paths.state)) {
    try {
      return JSON.parse(readFileSync(paths.state, 'utf8'));
    } catch {
      // made again below
    }
  }
  const token = (bytes) => randomBytes(bytes).toString('base64url');
  const secrets = {
    jwtSecret: token(48),
    sandboxKeys: {
      keyId: `rzp_test_${randomBytes(16).toString('hex').slice(0, 14)}`,
      keySecret: token(24),
      webhookSecret: token(24),
    },
  };
  writeFileSync(paths.state, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** The environment of every host: the same but for its address and its own DATA_DIR. */
function hostEnv(host, settings, secrets, paths) {
  const redis = new URL(settings.redisUrl);
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOST: host.address,
    PORT: String(HOST_PORT),
    WEB_CONCURRENCY: '2',
    DATABASE_URL: hostDatabaseUrl(settings),
    REDIS_URL: `redis://${BACK.address}:${redis.port || 6379}/${settings.redisDb}`,
    SMTP_URL: `smtp://${BACK.address}:2525`,
    JWT_SECRET: secrets.jwtSecret,
    PUBLIC_URL: `http://127.0.0.1:${settings.port}`,
    DATA_DIR: paths.hostData(host),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // HAProxy's address on the front bridge: rate limits and logs see the client's address.
    TRUST_PROXY: FRONT.address,
    // The sandbox gateway's webhooks reach the shop as a real gateway's would: through HAProxy.
    SANDBOX_WEBHOOK_URL: `http://${FRONT.address}:${settings.port}/api/payments/sandbox/webhook`,
    // Load tests sign up many shoppers from one address.
    AUTH_RATE_LIMIT_PER_IP: '100000',
  };
}

/** The name of a host's second entry in HAProxy, used only when no host is ready. */
export const FAIL_OPEN_SUFFIX = '-anyway';

/** HAProxy's configuration for the fleet (checked with haproxy -c before it is used). */
export function haproxyConfig(settings, paths) {
  const servers = HOSTS.map(
    (host) => `  server ${host.name} ${host.address}:${HOST_PORT} check`,
  ).join('\n');
  const failOpen = HOSTS.map(
    (host) => `  server ${host.name}${FAIL_OPEN_SUFFIX} ${host.address}:${HOST_PORT} backup`,
  ).join('\n');
  return `# Made by scripts/fleet.mjs (npm run fleet -- up): do not edit, it is written at each up.
global
  maxconn 4096
  stats socket ${paths.haproxySocket} mode 600 level admin
  # Foreground, its log on standard output (kept in haproxy.log by the fleet).
  log stdout format iso local0 info

defaults
  mode http
  log global
  # Only what went wrong: errors, retries, redispatches, 5xx (a normal request is not logged).
  option dontlog-normal
  # Nor connections that sent nothing (the fleet's own probes of the port).
  option dontlognull
  log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq id=%ID %{+Q}r"
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  timeout check ${CHECKS.timeoutMs}ms
  # A request that could not be sent (connection refused or timed out) goes to another host.
  retries 2
  option redispatch 1

frontend shop
  bind 127.0.0.1:${settings.port}
  # The hosts reach HAProxy here (the sandbox gateway's webhooks).
  bind ${FRONT.address}:${settings.port}
  option forwardfor
  # A request id for every request, kept when the client sent a usable one (the app's own rule:
  # 1 to 128 visible ASCII characters): every log line of the request, on whichever host, has it.
  http-request del-header x-request-id unless { req.hdr(x-request-id) -m reg ^[!-~]{1,128}$ }
  http-request set-header x-request-id %[uuid()] unless { req.hdr(x-request-id) -m found }
  # Kept in a variable: the log line is written after the request's headers are gone.
  http-request set-var(txn.request_id) req.hdr(x-request-id)
  unique-id-format %[var(txn.request_id)]
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr host fleet-check
  http-check expect status 200
  default-server inter ${CHECKS.interMs}ms fastinter ${CHECKS.fastinterMs}ms fall ${CHECKS.fall} rise ${CHECKS.rise}
  # GET and HEAD are retried on another host when the connection closed without an answer or the
  # host answered 503 (it is closing); anything else only when it could not be sent at all.
  retry-on conn-failure empty-response 503
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  # Which host answered (the fleet's tests and an operator's curl read it).
  http-response set-header x-served-by %s
${servers}
  # When no host is ready, the hosts all the same (backups without checks, used only then): when
  # PostgreSQL or Redis is down for every host, each still answers what it keeps in memory (the
  # catalogue) and refuses what needs the database, rather than HAProxy refusing everything.
  option allbackups
${failOpen}
`;
}

/**
 * Send one line to a Unix socket (HAProxy's stats socket, the relay's) and read its whole answer,
 * up to the socket's end. A FleetError when it does not answer within `seconds` (`silent`) or
 * cannot be reached (`unreachable`, then the cause).
 */
function askSocket(path, line, { seconds, silent, unreachable }) {
  return new Promise((done, fail) => {
    const socket = connect(path);
    let text = '';
    socket.setTimeout(seconds * 1000, () => {
      socket.destroy();
      fail(new FleetError(silent));
    });
    socket.on('connect', () => socket.write(`${line}\n`));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', (error) => fail(new FleetError(`${unreachable}: ${error.message}`)));
    socket.on('end', () => done(text));
  });
}

/**
 * HAProxy's view of the hosts, from its stats socket: per server its status (UP, DOWN, MAINT,
 * 'UP 1/2' while going down...), last check, seconds since it last changed, and counts.
 */
export function haproxyServers(settings = fleetSettings()) {
  const { haproxySocket } = statePaths(settings.stateDir);
  return askSocket(haproxySocket, 'show stat', {
    seconds: 2,
    silent: 'HAProxy stats socket did not answer within 2 s',
    unreachable: 'HAProxy stats socket',
  }).then((text) => {
    const lines = text.split('\n').filter(Boolean);
    const header = (lines.shift() ?? '').replace(/^# /, '').split(',');
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((value, i) => [header[i], value])),
    );
    return rows
      .filter((row) => row.pxname === 'api' && !['FRONTEND', 'BACKEND'].includes(row.svname))
      .map((row) => ({
        name: row.svname,
        status: row.status,
        check: `${row.check_status} ${row.check_code ?? ''}`.trim(),
        checkMs: row.check_duration,
        changedSecondsAgo: Number(row.lastchg),
        requests: Number(row.stot),
        serverErrors: Number(row.hrsp_5xx),
        retries: Number(row.wretr),
        redispatches: Number(row.wredis),
      }));
  });
}

/** Resolves once HAProxy says `status` (e.g. 'UP', 'DOWN') of the host; the time it took, ms. */
export async function waitForHaproxy(host, status, timeoutMs = 30_000, settings = fleetSettings()) {
  const started = performance.now();
  await waitUntil(
    `HAProxy marking ${host.name} ${status}`,
    async () => {
      const servers = await haproxyServers(settings).catch(() => []);
      return servers.find((s) => s.name === host.name)?.status === status;
    },
    timeoutMs,
    50,
  );
  return performance.now() - started;
}

/** GET /api/ready of one host, straight (not through HAProxy): its status and failed checks. */
export async function hostReadiness(host) {
  try {
    const res = await fetch(`http://${host.address}:${HOST_PORT}/api/ready`, {
      signal: AbortSignal.timeout(3000),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, failed: body.failed ?? [] };
  } catch (error) {
    return { status: 0, failed: [error.cause?.code ?? error.name] };
  }
}

/** Start one host's server in its namespace (detached: it outlives this command). */
export function startHost(host, settings = fleetSettings()) {
  const paths = statePaths(settings.stateDir);
  if (hostPids(host).length > 0) throw new FleetError(`${host.name} is already running`);
  if (!namespaces().includes(host.namespace)) {
    throw new FleetError(`${host.name} has no namespace: is the fleet up? (npm run fleet -- up)`);
  }
  const secrets = JSON.parse(readFileSync(paths.state, 'utf8'));
  mkdirSync(paths.hostData(host), { recursive: true });
  writeFileSync(
    join(paths.hostData(host), 'sandbox-payment-keys.json'),
    `${JSON.stringify(secrets.sandboxKeys, null, 2)}\n`,
    { mode: 0o600 },
  );
  const log = openSync(paths.hostLog(host), 'a');
  const child = spawn('ip', ['netns', 'exec', host.namespace, process.execPath, serverScript], {
    cwd: repoRoot,
    env: hostEnv(host, settings, secrets, paths),
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.unref();
  // `ip netns exec` becomes node (exec), so this is the host's primary.
  writeFileSync(paths.hostPid(host), `${child.pid}\n`);
  return child.pid;
}

/**
 * Resolves once the host answers ready on its own address; throws if its primary has exited.
 * The primary is the process startHost spawned (its pid file): `ip netns pids` alone would name
 * no process in the moment before `ip netns exec` has entered the namespace, which on a busy
 * machine a first check can fall into.
 */
export async function waitForHostReady(host, timeoutMs = 90_000, settings = fleetSettings()) {
  const pidFile = statePaths(settings.stateDir).hostPid(host);
  await waitUntil(
    `${host.name} answering ready`,
    async () => {
      if (keptPid(pidFile, serverScript) === undefined && hostPids(host).length === 0) {
        throw new FleetError(
          `${host.name} exited while starting: see its log, .fleet/${host.name}/host.log`,
        );
      }
      return (await hostReadiness(host)).status === 200;
    },
    timeoutMs,
    200,
  );
}

/** kill -9 every process of the host (a machine that dies); resolves when they are gone. */
export async function killHost(host) {
  const pids = hostPids(host);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await waitUntil(`${host.name}'s processes ending`, () => hostPids(host).length === 0, 5000, 20);
  return pids;
}

/**
 * SIGTERM to the host's primary (which passes it to its workers): each turns not-ready, serves
 * on for the drain, finishes its in-flight requests and exits. Resolves when all are gone.
 */
export async function stopHost(host, settings = fleetSettings()) {
  const paths = statePaths(settings.stateDir);
  const pids = hostPids(host);
  if (pids.length === 0) return;
  const primary = keptPid(paths.hostPid(host), serverScript);
  if (primary && pids.includes(primary)) process.kill(primary, 'SIGTERM');
  else for (const pid of pids) process.kill(pid, 'SIGTERM');
  await waitUntil(
    `${host.name} stopping`,
    () => hostPids(host).length === 0,
    DRAIN_MS + SHUTDOWN_TIMEOUT_MS + 5000,
  );
}

/** Start a host and wait until HAProxy sends it requests; the times it took, ms. */
export async function bringUpHost(host, settings = fleetSettings()) {
  const started = performance.now();
  startHost(host, settings);
  await waitForHostReady(host, undefined, settings);
  const readyMs = performance.now() - started;
  await waitForHaproxy(host, 'UP', 30_000, settings);
  return { readyMs, upMs: performance.now() - started };
}

/**
 * A rolling restart: one host at a time, SIGTERM (it drains while HAProxy takes it out), wait
 * until it has exited, start it, wait until HAProxy has it UP again, then the next.
 */
export async function rollingRestart(hosts = HOSTS, settings = fleetSettings(), say = () => {}) {
  const timings = [];
  for (const host of hosts) {
    const started = performance.now();
    const down = waitForHaproxy(host, 'DOWN', DRAIN_MS + 10_000, settings);
    await stopHost(host, settings);
    const downMs = await down.catch(() => undefined);
    const stoppedMs = performance.now() - started;
    const { upMs } = await bringUpHost(host, settings);
    timings.push({ host: host.name, downMs, stoppedMs, totalMs: stoppedMs + upMs });
    say(
      `${host.name}: out of rotation after ${fmt(downMs)} s, exited after ${fmt(stoppedMs)} s, ` +
        `back UP after ${fmt(stoppedMs + upMs)} s`,
    );
  }
  return timings;
}

const fmt = (ms) => (ms === undefined ? '?' : (ms / 1000).toFixed(1));

/** Take the host's back link down: no PostgreSQL, Redis or mail; HAProxy still reaches it. */
export function cutHost(host) {
  ip(['link', 'set', host.backLink, 'down']);
}
export function mendHost(host) {
  ip(['link', 'set', host.backLink, 'up']);
}

/** The services the relay stands between the hosts and: `fleet service <name> down|up`. */
export const SERVICES = ['postgresql', 'redis', 'mail'];

/**
 * One command to the relay ('down postgresql', 'up redis', 'status'): its answer. Down refuses new
 * connections and ends those open, as a server that stops; the machine's servers are not touched.
 */
export function relayCommand(line, settings = fleetSettings()) {
  const { relaySocket } = statePaths(settings.stateDir);
  return askSocket(relaySocket, line, {
    seconds: 3,
    silent: 'the relay did not answer within 3 s',
    unreachable: 'the relay is not running (is the fleet up?)',
  }).then((text) => {
    const answer = JSON.parse(text || '{}');
    if (answer.error) throw new FleetError(answer.error);
    return answer;
  });
}

/**
 * Stop everything the fleet started and remove its namespaces, links and bridges. Safe to run
 * twice, and after a run that crashed. Logs and the database are kept.
 */
export async function fleetDown(settings = fleetSettings()) {
  const paths = statePaths(settings.stateDir);
  await Promise.all(HOSTS.map((host) => killHost(host).catch(() => undefined)));
  for (const [file, marker] of [
    [paths.haproxyPid, paths.haproxyConfig],
    [paths.relayPid, relayScript],
  ]) {
    const pid = keptPid(file, marker);
    if (pid) {
      process.kill(pid, 'SIGTERM');
      await waitUntil(`pid ${pid} ending`, () => !alive(pid), 5000, 50).catch(() =>
        process.kill(pid, 'SIGKILL'),
      );
    }
    rmSync(file, { force: true });
  }
  rmSync(paths.haproxySocket, { force: true });
  rmSync(paths.relaySocket, { force: true });
  const present = namespaces();
  for (const host of HOSTS) {
    if (present.includes(host.namespace)) ip(['netns', 'del', host.namespace]);
    for (const link of [host.frontLink, host.backLink]) {
      // Removing a namespace removes its links' root ends too, a moment later.
      if (linkExists(link)) ip(['link', 'del', link], { allowFailure: true });
    }
    rmSync(paths.hostPid(host), { force: true });
  }
  for (const { bridge } of [FRONT, BACK]) {
    if (linkExists(bridge)) ip(['link', 'del', bridge]);
  }
}

/** The two bridges, and each host's namespace with its two links into them. */
function makeNetwork() {
  for (const { bridge, address } of [FRONT, BACK]) {
    ip(['link', 'add', bridge, 'type', 'bridge']);
    ip(['addr', 'add', `${address}/24`, 'dev', bridge]);
    ip(['link', 'set', bridge, 'up']);
  }
  for (const host of HOSTS) {
    ip(['netns', 'add', host.namespace]);
    ip(['-n', host.namespace, 'link', 'set', 'lo', 'up']);
    for (const [link, inside, bridge, address] of [
      [host.frontLink, 'eth0', FRONT.bridge, host.address],
      [host.backLink, 'eth1', BACK.bridge, host.backAddress],
    ]) {
      const peer = `${link}-in`;
      ip(['link', 'add', link, 'type', 'veth', 'peer', 'name', peer]);
      ip(['link', 'set', peer, 'netns', host.namespace]);
      ip(['-n', host.namespace, 'link', 'set', peer, 'name', inside]);
      ip(['-n', host.namespace, 'addr', 'add', `${address}/24`, 'dev', inside]);
      ip(['-n', host.namespace, 'link', 'set', inside, 'up']);
      ip(['link', 'set', link, 'master', bridge]);
      ip(['link', 'set', link, 'up']);
    }
  }
}

/** A process of the fleet's own, detached, its output in `logFile`, its pid in `pidFile`. */
function startDaemon(command, args, logFile, pidFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.unref();
  writeFileSync(pidFile, `${child.pid}\n`);
  return child;
}

/** Whether Redis answers PING at the URL (a raw exchange: no client needed). */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      done(/^(\+PONG|-NOAUTH)/.test(data.toString()));
      socket.destroy();
    });
  });
}

/**
 * Bring the fleet up: clean up what a previous run left, the database (made when missing; dropped
 * and made again with `fresh`), the network, the relay, HAProxy, then h1 alone (it migrates and
 * seeds) and h2 and h3 together once h1 is ready. Resolves when HAProxy has all three UP.
 */
export async function fleetUp({ fresh = false } = {}, settings = fleetSettings(), say = () => {}) {
  const why = whyFleetCannotRun();
  if (why) throw new FleetError(why);
  const paths = statePaths(settings.stateDir);
  const started = performance.now();
  await fleetDown(settings);
  mkdirSync(settings.stateDir, { recursive: true });
  for (const file of [paths.haproxyLog, paths.relayLog, paths.mail]) rmSync(file, { force: true });
  for (const host of HOSTS) rmSync(paths.hostLog(host), { force: true });
  if (fresh)
    for (const host of HOSTS) rmSync(paths.hostDir(host), { recursive: true, force: true });

  try {
    await adminQuery(settings, 'select 1');
  } catch (error) {
    throw new FleetError(`PostgreSQL at ${settings.pgUrl} did not answer: ${error.message}`);
  }
  if (!(await redisAnswers(settings.redisUrl))) {
    throw new FleetError(`Redis at ${settings.redisUrl} did not answer PING`);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(settings.database)) {
    throw new FleetError(`FLEET_DATABASE '${settings.database}' is not a plain database name`);
  }
  if (fresh)
    await adminQuery(settings, `drop database if exists ${settings.database} with (force)`);
  const exists = await adminQuery(
    settings,
    `select 1 from pg_database where datname = '${settings.database}'`,
  );
  if (exists.rowCount === 0) await adminQuery(settings, `create database ${settings.database}`);
  fleetSecrets(paths, { fresh });
  if (fresh) {
    // The rate limits' counts of an earlier fleet (a raw exchange: FLUSHDB on the fleet's db).
    await redisFlush(settings);
  }
  say(`database ${settings.database}${fresh ? ' (made fresh)' : ''}`);

  makeNetwork();
  const pgTarget = new URL(settings.pgUrl);
  const redisTarget = new URL(settings.redisUrl);
  startDaemon(
    process.execPath,
    [
      relayScript,
      settings.stateDir,
      BACK.address,
      `${pgTarget.hostname}:${pgTarget.port || 5432}`,
      `${redisTarget.hostname}:${redisTarget.port || 6379}`,
    ],
    paths.relayLog,
    paths.relayPid,
  );
  await waitUntil(
    'the relay listening',
    () => answersTcp(BACK.address, Number(pgTarget.port || 5432)),
    10_000,
  );
  say(
    `network: bridges ${FRONT.bridge} ${FRONT.address}, ${BACK.bridge} ${BACK.address}; relay up`,
  );

  writeFileSync(paths.haproxyConfig, haproxyConfig(settings, paths));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', paths.haproxyConfig], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new FleetError(
      `haproxy -c refused ${paths.haproxyConfig}:\n${check.stderr}${check.stdout}`,
    );
  }
  startDaemon(
    'haproxy',
    ['-f', paths.haproxyConfig, '-p', paths.haproxyPid],
    paths.haproxyLog,
    paths.haproxyPid,
  );
  await waitUntil('HAProxy listening', () => answersTcp('127.0.0.1', settings.port), 10_000);
  say(`HAProxy on 127.0.0.1:${settings.port}`);

  // h1 first: it migrates and seeds (migrations take an advisory lock, but the seed is not meant
  // to run twice at once on an empty database), then the other two start on a ready database.
  const [first, ...rest] = HOSTS;
  startHost(first, settings);
  await waitForHostReady(first);
  say(`${first.name} ready after ${fmt(performance.now() - started)} s`);
  for (const host of rest) startHost(host, settings);
  await Promise.all(rest.map((host) => waitForHostReady(host)));
  await Promise.all(HOSTS.map((host) => waitForHaproxy(host, 'UP', 30_000, settings)));
  say(`all ${HOSTS.length} hosts UP in HAProxy after ${fmt(performance.now() - started)} s`);
}

/** FLUSHDB on the fleet's Redis database. */
function redisFlush(settings) {
  const { hostname, port } = new URL(settings.redisUrl);
  const db = String(settings.redisDb);
  return new Promise((done, fail) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    let answer = '';
    socket.setTimeout(3000, () => {
      socket.destroy();
      fail(new FleetError('Redis did not answer FLUSHDB'));
    });
    socket.on('error', fail);
    socket.on('connect', () =>
      socket.write(`*2\r\n$6\r\nSELECT\r\n$${db.length}\r\n${db}\r\n*1\r\n$7\r\nFLUSHDB\r\n`),
    );
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.split('\r\n').filter(Boolean).length >= 2) {
        socket.destroy();
        done();
      }
    });
  });
}

/** Everything `status` prints: the relay, HAProxy, and per host its processes and readiness. */
export async function fleetStatus(settings = fleetSettings()) {
  const paths = statePaths(settings.stateDir);
  const servers = await haproxyServers(settings).catch((error) => error);
  const hosts = await Promise.all(
    HOSTS.map(async (host) => {
      const pids = hostPids(host);
      return {
        name: host.name,
        namespace: namespaces().includes(host.namespace) ? host.namespace : null,
        address: `${host.address}:${HOST_PORT}`,
        pid: keptPid(paths.hostPid(host), serverScript) ?? null,
        processes: pids.length,
        backLink: linkExists(host.backLink)
          ? /<[^>]*\bUP\b/.test(ip(['link', 'show', host.backLink]).stdout)
            ? 'up'
            : 'down'
          : 'missing',
        ready: pids.length > 0 ? await hostReadiness(host) : null,
        haproxy: Array.isArray(servers)
          ? (servers.find((s) => s.name === host.name) ?? null)
          : null,
      };
    }),
  );
  return {
    haproxy: {
      pid: keptPid(paths.haproxyPid, paths.haproxyConfig) ?? null,
      address: `127.0.0.1:${settings.port}`,
      ...(Array.isArray(servers) ? {} : { problem: servers.message }),
    },
    relay: {
      pid: keptPid(paths.relayPid, relayScript) ?? null,
      address: BACK.address,
      services: await relayCommand('status', settings).catch(() => null),
    },
    database: settings.database,
    hosts,
  };
}
