import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate.js';
import { createReadiness, shippedMigrations } from './readiness.js';

/* Readiness' rules without a database: time boxes, Redis, and what counts as migrations behind. */
const made = (() => {
  const shipped = shippedMigrations(MIGRATIONS_FOLDER);
  if ('problem' in shipped) throw new Error(shipped.problem);
  return shipped.made;
})();
const newest = Math.max(...made);
const never = () => new Promise<never>(() => undefined);
const answering = { ping: async () => true };

describe('readiness', () => {
  it('gives each check at most its time box, side by side, and says which did not answer', async () => {
    const readiness = createReadiness({
      database: { ping: never },
      repository: { lastMigrationAt: never },
      migrationsFolder: MIGRATIONS_FOLDER,
      timeoutMs: 50,
    });
    const started = performance.now();
    const answer = await readiness.check({ redis: { ping: never } });
    expect(performance.now() - started).toBeLessThan(400);
    expect(answer.failed).toEqual(['database', 'migrations', 'redis']);
    expect(answer.checks.database.reason).toBe('did not answer within 50 ms');
    expect(answer.checks.redis.reason).toBe('did not answer within 50 ms');
  });

  it('counts as pending the migrations made after the newest applied, and none newer than the build', async () => {
    const at = (last: number | null) =>
      createReadiness({
        database: answering,
        repository: { lastMigrationAt: async () => last },
        migrationsFolder: MIGRATIONS_FOLDER,
      }).check();
    expect((await at(newest)).checks.migrations).toMatchObject({ status: 'ok', pending: 0 });
    // A newer build has migrated further (a rolling deploy): this one is still ready.
    expect((await at(newest + 1000)).status).toBe('ready');
    const before = made.filter((when) => when < newest).at(-1)!;
    expect((await at(before)).checks.migrations).toMatchObject({ status: 'failed', pending: 1 });
    expect((await at(null)).checks.migrations.pending).toBe(made.length);
  });

  it("fails the migrations check when the build's migrations cannot be read", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pehnava-migrations-'));
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ entries: [{ idx: 0, when: 1, tag: '0000_missing', breakpoints: true }] }),
    );
    const answer = await createReadiness({
      database: answering,
      repository: { lastMigrationAt: async () => newest },
      migrationsFolder: folder,
    }).check();
    expect(answer.checks.migrations).toMatchObject({
      status: 'failed',
      reason: "this build's migrations could not be read",
    });
  });

  it('fails Redis when its ping is refused, and is ready again once it answers', async () => {
    let up = false;
    const redis = {
      ping: async () => {
        if (!up) throw new Error("Stream isn't writeable");
        return 'PONG';
      },
    };
    const readiness = createReadiness({
      database: answering,
      repository: { lastMigrationAt: async () => newest },
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    expect((await readiness.check({ redis })).failed).toEqual(['redis']);
    up = true;
    expect((await readiness.check({ redis })).status).toBe('ready');
    readiness.markDraining();
    expect(readiness.draining).toBe(true);
    expect((await readiness.check({ redis })).failed).toEqual(['draining']);
  });
});
