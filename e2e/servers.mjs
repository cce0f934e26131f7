#!/usr/bin/env node
// The browser tests' servers, started by playwright.config.ts as its one webServer: the app
// servers (each with an embedded database of its own) and the payment providers' stand-ins.
//
// Making an embedded database from nothing (initdb, every migration, the seed and its images) is
// most of an app server's start. So it is done once: a template folder gets the operator accounts
// (create-admin) and the seed (the server started on it and stopped), and each app server starts
// on a copy of it. Then every server starts at once instead of one after another, and when all of
// them answer this prints the READY line the config waits for.
//
// What to start comes from the config as JSON in E2E_SERVERS:
//   { template: { env, commands: [[cmd, ...args], …], seed: { command, url } },
//     servers: [{ name, command: [cmd, ...args], env, url, database?: true }] }
// A server with `database` gets a copy of the template as its DATA_DIR. The copies live in memory
// (/dev/shm) when there is some, and are removed when the run stops them (SIGTERM), or by a later
// run once they are six hours old (a run that was killed).
import { spawn } from 'node:child_process';
import { accessSync, constants, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const READY = 'e2e servers ready';

const plan = JSON.parse(process.env.E2E_SERVERS ?? 'null');
if (!plan) {
  process.stderr.write('servers.mjs: E2E_SERVERS is not set (playwright.config.ts sets it)\n');
  process.exit(2);
}

const children = new Set();
/** Folders to remove when the servers stop. */
const folders = [];
let stopping = false;
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (line) => process.stderr.write(`[e2e servers ${seconds()}s] ${line}\n`);

/** Lines a child writes, prefixed with its name, on this process's stderr. */
function relay(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (data) => {
      const lines = (rest + data.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    });
  }
}

function start(name, [command, ...args], env) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  relay(child, name);
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return child;
}

/** Run a command to its end; a failure ends the whole start. */
async function runToEnd(name, command, env) {
  const { code, signal } = await start(name, command, env).exited;
  if (code !== 0) throw new Error(`${name} failed (${signal ?? `exit ${code}`})`);
}

/** Wait until `url` answers 200, or the child exits (then fail). */
async function answers(name, child, url) {
  let exited = false;
  const gone = child.exited.then(({ code, signal }) => {
    exited = true;
    throw new Error(`${name} exited before it answered (${signal ?? `exit ${code}`})`);
  });
  gone.catch(() => undefined);
  for (let delay = 50; !exited; delay = Math.min(delay * 2, 500)) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, delay)), gone]);
  }
  await gone;
}

/** Stop every child, wait for them (each closes its database), then remove the folders. */
async function stopAll(signal = 'SIGTERM') {
  stopping = true;
  const exits = [...children].map((child) => child.exited);
  for (const child of children) child.kill(signal);
  await Promise.all(exits);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) void stopAll('SIGTERM').finally(() => process.exit(0));
  });
}

/** Where the embedded databases go: memory (/dev/shm) when there is some, as the API tests do. */
function scratch() {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

const STALE_AFTER_MS = 6 * 3_600_000;

/** Folders of an earlier run that was killed before it could remove them. */
function removeStale(dir) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('pehnava-e2e-')) continue;
    try {
      const path = join(dir, name);
      if (Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) {
        rmSync(path, { recursive: true, force: true });
      }
    } catch {
      // Removed meanwhile by its own run.
    }
  }
}

/** Start a server and resolve once it answers. */
async function launch(server) {
  const child = start(server.name, server.command, {
    ...server.env,
    ...(server.dataDir ? { DATA_DIR: server.dataDir } : {}),
  });
  await answers(server.name, child, server.url);
  say(`${server.name} answers at ${server.url}`);
}

async function main() {
  // The stand-ins need no database: they start while the template is made.
  const launched = plan.servers.filter((server) => !server.database).map(launch);
  for (const promise of launched) promise.catch(() => undefined);

  const root = scratch();
  removeStale(root);
  const template = mkdtempSync(join(root, 'pehnava-e2e-template-'));
  folders.push(template);
  try {
    const templateEnv = { ...plan.template.env, DATA_DIR: template };
    for (const [index, command] of plan.template.commands.entries()) {
      await runToEnd(`template ${index + 1}`, command, templateEnv);
    }
    // The seed runs when a server starts: start one on the template, then stop it gracefully.
    const seeding = plan.template.seed;
    const seeder = start('template seed', seeding.command, templateEnv);
    await answers('template seed', seeder, seeding.url);
    seeder.kill('SIGTERM');
    const { code } = await seeder.exited;
    if (code !== 0) throw new Error(`the template server stopped with exit ${code}`);

    for (const server of plan.servers) {
      if (!server.database) continue;
      server.dataDir = mkdtempSync(join(root, 'pehnava-e2e-db-'));
      folders.push(server.dataDir);
      cpSync(template, server.dataDir, { recursive: true });
    }
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
  say('template made and copied');

  launched.push(...plan.servers.filter((server) => server.database).map(launch));
  await Promise.all(launched);
  process.stdout.write(`${READY}\n`);

  // From here on a server that stops is a failure of the run: say so, and stop the rest.
  await Promise.race(
    [...children].map((child) =>
      child.exited.then(({ code, signal }) => {
        if (!stopping) throw new Error(`a server stopped (${signal ?? `exit ${code}`})`);
      }),
    ),
  );
}

main().catch(async (err) => {
  say(`failed: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll();
  process.exit(1);
});
