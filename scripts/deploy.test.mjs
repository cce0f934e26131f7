// The deployment on paper (Dockerfile, .dockerignore, deploy/compose.yaml, deploy/haproxy.cfg,
// deploy/healthcheck.mjs; docs/operations.md), checked without a container engine, which this
// machine does not run: what can be read is read and compared with what the fleet
// (scripts/fleet-lib.mjs), the configuration (apps/api/src/config.ts) and the builds say.
// Vitest project 'deployment': it needs no root, database or network. `npm test` runs it after
// its build, since three checks read the builds (each skipped, saying so, where its build is
// missing outside `npm test`). `haproxy -c` runs where haproxy is installed and is skipped, saying so,
// where it is not.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHECKS, DRAIN_MS, HOST_PORT, repoRoot, serverScript } from './fleet-lib.mjs';

const read = (path) => readFileSync(join(repoRoot, path), 'utf8');
const rootPackage = JSON.parse(read('package.json'));

// ---- the Dockerfile, read as Docker reads it (the parts this file uses) --------------------------

/** Instructions with their continuation lines joined and comments dropped. */
function dockerInstructions(text) {
  const out = [];
  let current = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue;
    const line = raw.trimEnd();
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    current += line.trim();
    if (current) {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(current);
      out.push({ instruction: keyword.toUpperCase(), rest });
    }
    current = '';
  }
  return out;
}

/** The stages, each with its image, name, working directory and instructions. */
function dockerStages(text) {
  const args = {};
  const stages = [];
  for (const step of dockerInstructions(text)) {
    if (step.instruction === 'ARG' && stages.length === 0) {
      const [name, value = ''] = step.rest.split('=');
      args[name] = value;
      continue;
    }
    if (step.instruction === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(step.rest);
      stages.push({
        image: image.replace(/\$\{(\w+)\}/g, (_, arg) => args[arg] ?? ''),
        name,
        workdir: '/',
        steps: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (step.instruction === 'WORKDIR') stage.workdir = posix.resolve(stage.workdir, step.rest);
    stage.steps.push({ ...step, workdir: stage.workdir });
  }
  return stages;
}

/** COPY's flags, sources and destination (resolved against the stage's WORKDIR). */
function copyOf(step) {
  const words = step.rest.split(/\s+/);
  const flags = {};
  while (words[0]?.startsWith('--')) {
    const [flag, value] = words.shift().slice(2).split('=');
    flags[flag] = value;
  }
  const dest = words.pop();
  const into = posix.resolve(step.workdir, dest);
  const targets = words.map((source) =>
    dest.endsWith('/') || words.length > 1 ? posix.join(into, posix.basename(source)) : into,
  );
  return { from: flags.from, sources: words, targets, into };
}

/** CMD, ENTRYPOINT or HEALTHCHECK's exec form (a JSON array), or undefined for the shell form. */
function execForm(rest) {
  const json = rest.slice(rest.indexOf('['));
  try {
    const form = JSON.parse(json);
    return Array.isArray(form) ? form : undefined;
  } catch {
    return undefined;
  }
}

/** .dockerignore's exclusions as a test of a context path (its `!` exceptions are not used). */
function dockerIgnored() {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((pattern) => {
      const source = pattern
        .replace(/^\//, '')
        .split('**/')
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('(?:.*/)?');
      return new RegExp(`^${source}(?:/.*)?$`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

const dockerfile = read('Dockerfile');
const stages = dockerStages(dockerfile);
const final = stages.at(-1);
const stepsOf = (stage, instruction) => stage.steps.filter((s) => s.instruction === instruction);
const stageNamed = (name) => stages.find((stage) => stage.name === name);

/**
 * What the final image holds, as paths under its WORKDIR: each COPY's targets, and for a COPY of a
 * whole earlier stage's WORKDIR, what that stage copied there and the node_modules its npm ci made.
 */
function finalContents() {
  const held = [];
  for (const step of stepsOf(final, 'COPY')) {
    const copy = copyOf(step);
    const whole =
      copy.from && copy.sources.length === 1 && copy.sources[0] === stageNamed(copy.from)?.workdir;
    if (!whole) {
      held.push(...copy.targets);
      continue;
    }
    const from = stageNamed(copy.from);
    for (const earlier of stepsOf(from, 'COPY')) {
      for (const target of copyOf(earlier).targets) {
        held.push(posix.join(copy.into, posix.relative(from.workdir, target)));
      }
    }
    if (stepsOf(from, 'RUN').some((run) => /\bnpm ci\b/.test(run.rest))) {
      held.push(posix.join(copy.into, 'node_modules'));
    }
  }
  return held.map((path) => posix.relative(final.workdir, path));
}

const holds = (contents, path) =>
  contents.some((held) => path === held || path.startsWith(`${held}/`));

/** Every file under a folder of the repository (none when it is missing). */
function filesUnder(dir) {
  const root = join(repoRoot, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map((name) => join(dir, name))
    .filter((path) => statSync(join(repoRoot, path)).isFile());
}

/** The packages a built file imports by name (node: built-ins left out). */
function packagesImported(paths) {
  const names = new Set();
  const specifiers = [
    // import … from 'x', export … from 'x' (their names may span lines, never a quote)
    /^\s*(?:import|export)\s[^'"]*?\bfrom\s*(['"])([^'"]+)\1/gm,
    // import 'x'
    /^\s*import\s*(['"])([^'"]+)\1/gm,
    // import('x')
    /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g,
  ];
  for (const path of paths) {
    const text = read(path);
    for (const specifier of specifiers) {
      for (const [, , spec] of text.matchAll(specifier)) {
        if (spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) continue;
        names.add(
          spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0],
        );
      }
    }
  }
  return [...names].sort();
}

describe('Dockerfile', () => {
  it('has a build stage that builds and a runtime stage on the same Node, production dependencies only', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['deps', 'build', 'runtime']);
    expect(new Set(stages.map((stage) => stage.image))).toEqual(new Set(['node:20-bookworm-slim']));
    expect(read('.nvmrc').trim()).toBe('20');
    const runs = (stage) => stepsOf(stage, 'RUN').map((run) => run.rest);
    expect(runs(stageNamed('build'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^npm ci\b/), 'npm run build']),
    );
    expect(runs(stageNamed('deps')).join('\n')).toMatch(/npm ci --omit=dev\b/);
    // The runtime installs nothing itself, and takes no node_modules from the build (dev ones).
    expect(runs(final).join('\n')).not.toMatch(/\bnpm (ci|install)\b/);
    const fromBuild = stepsOf(final, 'COPY')
      .map(copyOf)
      .filter((copy) => copy.from === 'build');
    for (const copy of fromBuild) expect(copy.sources.join(' ')).not.toMatch(/node_modules/);
    expect(stepsOf(final, 'ENV').map((env) => env.rest)).toContain('NODE_ENV=production');
  });

  it("starts the server with the fleet's own command, from the repository's layout", () => {
    const [cmd] = stepsOf(final, 'CMD');
    const form = execForm(cmd.rest);
    // scripts/fleet-lib.mjs: `node apps/api/dist/server.js` in the repository's root (cwd).
    const fleet = ['node', relative(repoRoot, serverScript).split('\\').join('/')];
    expect(form).toEqual(fleet);
    expect(form.join(' ')).toBe(rootPackage.scripts.start);
    expect(final.workdir).toBe('/app');
    expect(stepsOf(final, 'ENTRYPOINT')).toEqual([]);
    expect(stepsOf(final, 'EXPOSE').map((e) => e.rest)).toEqual([String(HOST_PORT)]);
  });

  it('runs as a user that is not root', () => {
    const users = stepsOf(final, 'USER').map((user) => user.rest.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('has a health check, a script the image holds, against GET /api/health', () => {
    const [check] = stepsOf(final, 'HEALTHCHECK');
    expect(check.rest).toMatch(/--interval=\d+s/);
    const form = execForm(check.rest);
    expect(form[0]).toBe('node');
    expect(holds(finalContents(), form[1])).toBe(true);
    expect(read(form[1])).toContain('/api/health');
  });

  it('copies only what exists in the build context and .dockerignore lets through', () => {
    const ignored = dockerIgnored();
    for (const stage of stages) {
      for (const step of stepsOf(stage, 'COPY')) {
        const copy = copyOf(step);
        if (copy.from) {
          // From an earlier stage: one made above, and a path under what that stage copied in.
          const from = stageNamed(copy.from);
          expect(stages.indexOf(from), step.rest).toBeGreaterThanOrEqual(0);
          expect(stages.indexOf(from)).toBeLessThan(stages.indexOf(stage));
          for (const source of copy.sources) {
            if (source === from.workdir) continue;
            const copied = stepsOf(from, 'COPY').flatMap((earlier) => copyOf(earlier).targets);
            expect(holds(copied, source), `${step.rest}: ${source}`).toBe(true);
          }
          continue;
        }
        for (const source of copy.sources) {
          expect(existsSync(join(repoRoot, source)), `COPY ${source}`).toBe(true);
          expect(ignored(source), `COPY ${source} is left out by .dockerignore`).toBe(false);
        }
      }
    }
  });

  it('leaves out of the context what the build makes itself, and secrets', () => {
    const ignored = dockerIgnored();
    for (const path of [
      'node_modules',
      'apps/api/node_modules',
      'apps/api/dist',
      'apps/web/dist-ssr',
      'apps/api/tsconfig.tsbuildinfo',
      'apps/api/data',
      'data',
      '.git',
      '.fleet',
      'deploy/.env',
      '.env',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of ['apps/api/src/server.ts', 'apps/api/drizzle', 'deploy/healthcheck.mjs']) {
      expect(ignored(path), path).toBe(false);
    }
  });

  it('puts in the image every file the server reads at run time', () => {
    const contents = finalContents();
    // Found in the API's source: each `new URL('../…', import.meta.url)`, resolved from where its
    // file lands in apps/api/dist (assets, migrations, the web app, package.json).
    const read = filesUnder('apps/api/src').filter(
      (path) => path.endsWith('.ts') && !/\.test\.ts$/.test(path) && !/[\\/]test[\\/]/.test(path),
    );
    const needed = new Set([
      // packages/shared's package.json sends `import '@pehnava/shared'` to its dist.
      'packages/shared/dist/index.js',
      // The server renderer beside WEB_ROOT (modules/site/page-renderer.ts).
      'apps/web/dist-ssr/entry-server.js',
      'apps/api/dist/server.js',
      'apps/api/dist/cli/migrate.js',
    ]);
    for (const path of read) {
      const posixPath = path.split('\\').join('/');
      for (const [, target] of readFileSync(join(repoRoot, path), 'utf8').matchAll(
        /new URL\(\s*'(\.\.?\/[^']*)',\s*import\.meta\.url\s*\)/g,
      )) {
        const built = posixPath.replace(/^apps\/api\/src\//, 'apps/api/dist/');
        needed.add(posix.normalize(posix.join(posix.dirname(built), target)).replace(/\/$/, ''));
      }
    }
    expect([...needed]).toEqual(
      expect.arrayContaining(['apps/api/drizzle', 'apps/web/dist', 'apps/api/package.json']),
    );
    for (const path of needed) expect(holds(contents, path), path).toBe(true);
    expect(holds(contents, 'node_modules')).toBe(true);
  });

  // The builds on this machine, when there are some: what they import at run time must be a
  // production dependency of their package, which is all the runtime stage installs.
  const built = [
    {
      name: '@pehnava/api',
      dir: 'apps/api/dist',
      pkg: 'apps/api/package.json',
      uses: ['fastify', 'pg'],
    },
    {
      name: '@pehnava/web (server renderer)',
      dir: 'apps/web/dist-ssr',
      pkg: 'apps/web/package.json',
      uses: ['react', 'react-dom'],
    },
    {
      name: '@pehnava/shared',
      dir: 'packages/shared/dist',
      pkg: 'packages/shared/package.json',
      uses: ['zod'],
    },
  ];
  // `npm test` runs this file after its build and says so (PEHNAVA_BUILT=1): a build missing then
  // fails the check rather than skipping it.
  const afterBuild = process.env.PEHNAVA_BUILT === '1';
  for (const { name, dir, pkg, uses } of built) {
    const files = filesUnder(dir).filter(
      (path) => /\.m?js$/.test(path) && !/[\\/]test[\\/]/.test(path),
    );
    const missing = files.length === 0;
    it.skipIf(missing && !afterBuild)(
      `${name}: imports at run time only production dependencies${missing && !afterBuild ? ` (skipped: no ${dir}, run npm run build)` : ''}`,
      () => {
        expect(missing, `no built files in ${dir}`).toBe(false);
        const dependencies = Object.keys(JSON.parse(read(pkg)).dependencies ?? {});
        const imported = packagesImported(files);
        expect(imported).toEqual(expect.arrayContaining(uses));
        expect(imported.filter((used) => !dependencies.includes(used))).toEqual([]);
      },
    );
  }
});

// ---- deploy/compose.yaml -----------------------------------------------------------------------

const compose = parse(read('deploy/compose.yaml'), { merge: true });
const services = compose.services;
const apiHosts = Object.keys(services).filter((name) => /^api\d+$/.test(name));
const environmentOf = (service) => service.environment ?? {};
const configVariables = new Set(
  [...read('apps/api/src/config.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map(([, name]) => name),
);

describe('deploy/compose.yaml', () => {
  it('has PostgreSQL 15, Redis 7, the migration, three API hosts and HAProxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api1', 'api2', 'api3', 'haproxy', 'migrate', 'postgres', 'redis'].sort(),
    );
    expect(services.postgres.image).toBe('postgres:15');
    expect(services.redis.image).toBe('redis:7');
    expect(services.haproxy.image).toMatch(/^haproxy:2\.6\b/);
  });

  it('checks PostgreSQL and Redis are healthy, and the image checks the hosts', () => {
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const host of apiHosts) expect(services[host].healthcheck?.disable).not.toBe(true);
  });

  it('runs the migration once, with the image and the db:migrate command, before any host', () => {
    const migrate = services.migrate;
    expect(migrate.command.join(' ')).toBe(rootPackage.scripts['db:migrate']);
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const host of apiHosts) {
      const service = services[host];
      expect(service.image).toBe(migrate.image);
      expect(service.command).toBeUndefined();
      expect(service.depends_on, host).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(existsSync(join(repoRoot, 'apps/api/src/cli/migrate.ts'))).toBe(true);
  });

  it('builds the image from the repository root with the Dockerfile', () => {
    for (const name of ['migrate', ...apiHosts]) {
      const { context, dockerfile: file } = services[name].build;
      expect(posix.join('deploy', context)).toBe('.');
      expect(existsSync(join(repoRoot, file))).toBe(true);
    }
  });

  it('gives a host time to drain and finish before Docker kills it, and HAProxy time to notice', () => {
    for (const host of apiHosts) {
      const env = environmentOf(services[host]);
      const drain = Number(env.SHUTDOWN_DRAIN_MS);
      // As the fleet: longer than HAProxy needs to take a host out (inter + fastinter + a check).
      expect(drain).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(drain).toBeGreaterThan(CHECKS.interMs + CHECKS.fastinterMs + CHECKS.timeoutMs - 1);
      const grace = /^(\d+)s$/.exec(services[host].stop_grace_period);
      expect(Number(grace[1]) * 1000).toBeGreaterThanOrEqual(
        drain + Number(env.SHUTDOWN_TIMEOUT_MS),
      );
      expect(Number(env.WEB_CONCURRENCY)).toBeGreaterThan(1);
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379\b/);
      expect(env.NODE_ENV).toBe('production');
      expect(env.PORT).toBe(String(HOST_PORT));
    }
  });

  it('believes X-Forwarded-For from HAProxy alone', () => {
    const address = services.haproxy.networks.front.ipv4_address;
    const subnet = compose.networks.front.ipam.config[0].subnet;
    expect(address.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
    for (const host of apiHosts) expect(environmentOf(services[host]).TRUST_PROXY).toBe(address);
  });

  it("names only variables the server's configuration reads", () => {
    expect(configVariables.size).toBeGreaterThan(40);
    const named = new Set();
    for (const name of ['migrate', ...apiHosts]) {
      for (const variable of Object.keys(environmentOf(services[name]))) named.add(variable);
      expect(services[name].env_file).toBe('.env');
    }
    // The example of deploy/.env: the app's secrets, and POSTGRES_PASSWORD for compose itself.
    for (const [, variable] of read('deploy/env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)) {
      if (variable !== 'POSTGRES_PASSWORD') named.add(variable);
    }
    expect([...named].filter((variable) => !configVariables.has(variable))).toEqual([]);
    for (const secret of ['JWT_SECRET', 'SMTP_URL', 'RAZORPAY_KEY_SECRET', 'METRICS_TOKEN']) {
      expect(named.has(secret), secret).toBe(true);
    }
    // Secrets are never written into the compose file itself.
    expect(read('deploy/compose.yaml')).not.toMatch(/JWT_SECRET\s*:|_KEY_SECRET\s*:|SMTP_URL\s*:/);
  });

  it('mounts deploy/haproxy.cfg into HAProxy and publishes its port', () => {
    const [mount] = services.haproxy.volumes;
    const [source, target] = mount.split(':');
    expect(posix.join('deploy', source)).toBe('deploy/haproxy.cfg');
    expect(target).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    expect(services.haproxy.ports[0]).toMatch(/:8080$/);
  });
});

// ---- deploy/haproxy.cfg ------------------------------------------------------------------------

const haproxyCfg = read('deploy/haproxy.cfg');

describe('deploy/haproxy.cfg', () => {
  it("sends requests to the three hosts by their compose names, checking readiness as the fleet's does", () => {
    const servers = [...haproxyCfg.matchAll(/^\s*server (\S+) (\S+):(\d+)(.*)$/gm)];
    const checked = servers.filter(([, , , , rest]) => /\bcheck\b/.test(rest));
    expect(checked.map(([, name]) => name)).toEqual(apiHosts);
    for (const [, name, address, port] of checked) {
      expect(address).toBe(name);
      expect(Number(port)).toBe(HOST_PORT);
    }
    // The backups used only when no host is ready (docs/reliability.md, 'HAProxy').
    const backups = servers.filter(([, , , , rest]) => /\bbackup\b/.test(rest));
    expect(backups.map(([, , address]) => address)).toEqual(apiHosts);
    expect(haproxyCfg).toMatch(/http-check send meth GET uri \/api\/ready\b/);
    expect(haproxyCfg).toMatch(/http-check expect status 200/);
    expect(haproxyCfg).toContain(
      `inter ${CHECKS.interMs}ms fastinter ${CHECKS.fastinterMs}ms fall ${CHECKS.fall} rise ${CHECKS.rise}`,
    );
    expect(haproxyCfg).toContain(`timeout check ${CHECKS.timeoutMs}ms`);
    expect(haproxyCfg).toMatch(/init-addr [a-z,]*none/);
  });

  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  const why = haproxy.error ? " (skipped: no haproxy here; Debian's package is haproxy)" : '';
  it.skipIf(Boolean(haproxy.error))(`passes haproxy -c${why}`, () => {
    // The hosts' names do not resolve here; init-addr none lets the check pass all the same.
    const check = spawnSync('haproxy', ['-c', '-f', join(repoRoot, 'deploy/haproxy.cfg')], {
      encoding: 'utf8',
    });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(`${check.stdout}${check.stderr}`).toContain('Configuration file is valid');
  });
});

// ---- deploy/healthcheck.mjs --------------------------------------------------------------------

const run = promisify(execFile);

/** The health check's exit code against a server answering `status` (or none listening). */
async function healthcheckExit(status) {
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/api/health' ? status : 404).end('{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  if (status === undefined) await new Promise((resolve) => server.close(resolve));
  try {
    await run(process.execPath, [join(repoRoot, 'deploy/healthcheck.mjs')], {
      env: { PORT: String(port), HEALTHCHECK_TIMEOUT_MS: '2000' },
    });
    return 0;
  } catch (error) {
    return error.code;
  } finally {
    if (status !== undefined) server.close();
  }
}

describe('deploy/healthcheck.mjs (the liveness check)', () => {
  it('passes while the server answers, though its database does not (503)', async () => {
    expect(await healthcheckExit(200)).toBe(0);
    expect(await healthcheckExit(503)).toBe(0);
  });

  it('fails when nothing answers, or the answer is not the health route', async () => {
    expect(await healthcheckExit(undefined)).toBe(1);
    expect(await healthcheckExit(500)).toBe(1);
  });
});
