// What the bench scripts share: wrk runs (with bench-wrk.lua's JSON line), servers started and
// waited for, a process's CPU time, raw responses, medians, and tables written into
// docs/benchmarks.md between their markers, one-off statements on PostgreSQL, and the frame of a
// browser bench of first visits.
import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const luaScript = fileURLToPath(new URL('./bench-wrk.lua', import.meta.url));

/** wrk's version, or exits with a clear line when wrk is not installed. */
export function wrkVersion(command) {
  const check = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (check.error) {
    process.stderr.write(
      `${command} needs wrk, the HTTP load generator, on the PATH (Debian: apt-get install wrk).\n`,
    );
    process.exit(1);
  }
  return /wrk\s+(\S+)/.exec(`${check.stdout}${check.stderr}`)?.[1] ?? 'unknown';
}

/**
 * The log level the bench's servers run at: none set, so the app's default as `npm start` runs it,
 * unless BENCH_LOG_LEVEL asks for another. `env` goes into a server's environment; `described`
 * says which it was in a table's note.
 */
export function benchLogLevel() {
  const level = process.env.BENCH_LOG_LEVEL;
  return level
    ? { env: { LOG_LEVEL: level }, described: `LOG_LEVEL=${level} (BENCH_LOG_LEVEL)` }
    : { env: {}, described: 'LOG_LEVEL unset (the default, as `npm start` runs it)' };
}

/**
 * A server's environment as `npm start` has it on a newcomer's machine, plus `env`: a LOG_LEVEL
 * or NODE_ENV in the shell that runs the bench is not passed on.
 */
export function serverEnv(env) {
  const { LOG_LEVEL: _level, NODE_ENV: _mode, ...inherited } = process.env;
  return { ...inherited, ...env };
}

/**
 * A server's state, for a run that failed against it: still running, or how it ended (this
 * machine is shared, and a server stopped by someone else looks to wrk like a broken one), with
 * the last lines of its log.
 */
export function serverState(child, logFile) {
  const state =
    child.exitCode !== null
      ? `exited with code ${child.exitCode}`
      : child.signalCode !== null
        ? `was stopped by ${child.signalCode}`
        : 'is still running';
  let tail = '';
  try {
    tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-3).join('\n');
  } catch {
    // no log kept
  }
  return `the server (pid ${child.pid}) ${state}${tail ? `; its log ends:\n${tail}` : ''}`;
}

/** The size of a file in bytes, 0 when it does not exist. */
export function fileSize(path) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Start a Node script as a server on 127.0.0.1:`port` and wait until `readyPath` answers. Its
 * standard output (the app's log lines) goes to `logFile`, as an operator's `npm start > file`
 * would keep it, or nowhere when none is given.
 */
export function startServer(children, name, args, env, port, readyPath, { logFile } = {}) {
  const stdout = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, args, {
    env: serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', stdout, 'inherit'],
  });
  // The child has its own copy of the descriptor.
  if (typeof stdout === 'number') closeSync(stdout);
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}${readyPath}`, name, child).then(() => child);
}

export async function waitFor(url, name, child, seconds = 120) {
  for (let i = 0; i < seconds * 5; i += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start within ${seconds} s`);
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds a process has used (user + system, all its threads); undefined without /proc. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** A response's status, headers and body exactly as sent (fetch would decompress it). */
export function rawResponse(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          body: Buffer.concat(chunks),
          headers: response.headers,
        }),
      );
    }).on('error', reject);
  });
}

/** One wrk run: 1 thread, `connections` connections, `duration` seconds; refuses any error. */
export function wrk(url, { duration, connections, headers = {} }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '5s', '-s', luaScript];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    // Bounded: wrk stops itself after `duration`; this is the backstop.
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 15) * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk ${url} failed (${code}):\n${out}`));
      const r = JSON.parse(line.slice('WRK_JSON '.length));
      const failed = r.errors.connect + r.errors.read + r.errors.write + r.errors.status;
      if (failed > 0) return reject(new Error(`${url}: ${JSON.stringify(r.errors)}\n${out}`));
      resolve({
        requests: r.requests,
        bytes: r.bytes,
        rps: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p90: r.p90_us / 1000,
        p99: r.p99_us / 1000,
        timeouts: r.errors.timeout,
      });
    });
  });
}

/** A markdown table laid out as Prettier lays it out, so `prettier --check` stays clean. */
export function markdownTable(header, align, rows) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const cell = (text, i) => (align[i] === 'r' ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
export const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
export const count = (value) => Math.round(value).toLocaleString('en-IN');

export function commitAndDate() {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout;
  return { commit: commit.trim() || 'unknown', date: new Date().toISOString().slice(0, 10) };
}

/**
 * Put `block` (which starts with `<!-- {marker}:start -->` and ends with its end marker) into
 * docs/benchmarks.md: in place of the block with the same markers, else at the end of the section
 * `heading` (made, with `intro`, when missing).
 */
export function writeBenchmarks(marker, block, heading, intro) {
  const file = 'docs/benchmarks.md';
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = "# Benchmarks\n\nFigures measured on the project's own machines with its own scripts.\n";
  }
  if (!doc.includes(heading)) doc = `${doc.trimEnd()}\n\n${heading}\n\n${intro}\n`;
  const existing = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*?<!-- ${marker}:end -->`);
  if (existing.test(doc)) {
    doc = doc.replace(existing, block);
  } else {
    // A new block goes at the end of the section, after the earlier ones.
    const from = doc.indexOf(heading) + heading.length;
    const ends = [doc.indexOf('\n## ', from), doc.indexOf('\n<!-- lighthouse:start', from)];
    const end = Math.min(...ends.map((i) => (i >= 0 ? i : doc.length)));
    doc = `${doc.slice(0, end).trimEnd()}\n\n${block}\n${doc.slice(end)}`;
  }
  writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
}

/** One statement on the PostgreSQL server or database at `url`, on a connection of its own. */
export async function pgQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The pages a first-visit bench opens, as its tables name them. */
export const FIRST_VISIT_PAGES = ['/', '/collection', '/product/:id'];

/**
 * A browser bench of first visits (bench-page-load.mjs, bench-first-tap.mjs): the built server
 * on PGlite with a fresh data directory on `port` (and, with `baseline`, another built checkout's
 * server the same way on `port + 1`), Debian's Chromium launched, then `measure(browser,
 * targets)`, each target with its name, server process, origin and the paths of
 * FIRST_VISIT_PAGES (the product page is the first available product's). The servers, the
 * browser and the data directories are gone afterwards, whatever happened; a failure is printed
 * and sets the exit code.
 */
export async function firstVisitBench({ prefix, port, baseline, chromePath }, measure) {
  const children = [];
  const dataDirs = [];
  const start = async (name, cwd, at) => {
    const dataDir = mkdtempSync(join(tmpdir(), `pehnava-${prefix}-`));
    dataDirs.push(dataDir);
    const child = await startServer(
      children,
      name,
      [join(cwd, 'apps/api/dist/server.js')],
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: '' },
      at,
      '/api/health',
    );
    const origin = `http://127.0.0.1:${at}`;
    const { products } = await (await fetch(`${origin}/api/product/list`)).json();
    const product = products.find((p) => p.isAvailable);
    return { name, child, origin, paths: ['/', '/collection', `/product/${product._id}`] };
  };
  let browser;
  try {
    const targets = [await start('this build', process.cwd(), port)];
    if (baseline) targets.push(await start(`baseline (${baseline})`, baseline, port + 1));
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    await measure(browser, targets);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await browser?.close();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
