import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createOrPromoteAdmin } from '../modules/users/users.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, usingPostgres } from '../test/database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const roleOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.role;

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can log in, and says so only once', async () => {
    const repository = t.services.repos.users;
    const input = { email: ' Ops@Pehnava.Test ', password: 'saffron-ledger', name: 'Ops' };
    expect(await createOrPromoteAdmin(repository, input)).toBe('created');
    expect(await roleOf('ops@pehnava.test')).toBe('admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'ops@pehnava.test', password: 'saffron-ledger' },
    });
    expect(login.statusCode).toBe(200);
    expect(await createOrPromoteAdmin(repository, input)).toBe('already-admin');
  });

  it('promotes an existing shopper without touching the password', async () => {
    const repository = t.services.repos.users;
    await repository.insertUser({ name: 'Shop', email: 'shop@pehnava.test', passwordHash: 'x' });
    expect(await createOrPromoteAdmin(repository, { email: 'shop@pehnava.test' })).toBe('promoted');
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'shop@pehnava.test'));
    expect(row!.role).toBe('admin');
    expect(row!.passwordHash).toBe('x');
  });

  it('makes staff, and moves an operator between admin and staff', async () => {
    const repository = t.services.repos.users;
    const input = {
      email: 'packer@pehnava.test',
      password: 'jute-twine-88',
      role: 'staff' as const,
    };
    expect(await createOrPromoteAdmin(repository, input)).toBe('created');
    expect(await roleOf('packer@pehnava.test')).toBe('staff');
    expect(await createOrPromoteAdmin(repository, input)).toBe('already-admin');
    expect(
      await createOrPromoteAdmin(repository, { email: 'packer@pehnava.test', role: 'admin' }),
    ).toBe('promoted');
    expect(await roleOf('packer@pehnava.test')).toBe('admin');
  });

  it('refuses a new admin with a short password, creating nothing', async () => {
    const repository = t.services.repos.users;
    await expect(
      createOrPromoteAdmin(repository, { email: 'weak@pehnava.test', password: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters long');
    expect(await roleOf('weak@pehnava.test')).toBeUndefined();
  });
});

describe('npm run create-admin', () => {
  // Six runs of the command, each a new process that opens the database (the first also migrates
  // it): about 40 s here on the embedded database, twice that on a machine half as fast. The limit
  // is for a run that hangs. The PostgreSQL run gives the command a database of its own on that
  // server (DATABASE_URL), as production runs it; the PGlite run, the embedded one of DATA_DIR.
  const where = usingPostgres()
    ? 'an empty PostgreSQL database named by DATABASE_URL'
    : 'the embedded database of DATA_DIR';
  it(`creates an admin in ${where}`, { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-admin-'));
    const server = usingPostgres() ? await createTestDatabase({ migrate: false }) : undefined;
    try {
      const script = fileURLToPath(new URL('./create-admin.ts', import.meta.url));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: server?.url ?? '',
            LOG_LEVEL: 'silent',
          },
          encoding: 'utf8',
        });
      const created = run('--email', 'root@pehnava.test', '--password', 'monsoon-ledger');
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain('Created the admin account: root@pehnava.test');
      const again = run('--email', 'root@pehnava.test');
      // Its standard error says why, should it ever fail (once seen empty on a loaded machine).
      expect(again.stdout, `${again.status} ${again.stderr}`).toContain('already an admin');
      const usage = run();
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run create-admin');
      const staff = run(
        '--email',
        'packer@pehnava.test',
        '--password',
        'jute-twine-88',
        '--role',
        'staff',
      );
      expect(staff.status).toBe(0);
      expect(staff.stdout).toContain('Created the staff account: packer@pehnava.test');
      const demoted = run('--email', 'root@pehnava.test', '--role', 'staff');
      expect(demoted.stdout).toContain('Made the existing account staff');
      const unknown = run('--email', 'root@pehnava.test', '--role', 'owner');
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain("--role must be admin or staff, not 'owner'");
      if (server) {
        const rows = await server.db.select().from(users).orderBy(users.email);
        expect(rows.map((row) => [row.email, row.role])).toEqual([
          ['packer@pehnava.test', 'staff'],
          ['root@pehnava.test', 'staff'],
        ]);
      }
    } finally {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
