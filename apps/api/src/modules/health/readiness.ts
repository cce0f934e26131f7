import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { ReadinessCheck, ReadinessCheckName, ReadinessResponse } from '@pehnava/shared';
import type { DatabaseHandle } from '../../db/client.js';
import type { HealthRepository } from './health.repository.js';

/** The longest any one check may take: readiness answers within about this, whatever hangs. */
export const READINESS_CHECK_TIMEOUT_MS = 1_000;

/** What readiness asks Redis (ioredis' client, when REDIS_URL is set). */
export interface RedisPing {
  ping(): Promise<unknown>;
}

export type ReadinessAnswer = Omit<ReadinessResponse, 'version'>;

export interface Readiness {
  /** The process is shutting down: from now on readiness answers 503 at once. */
  markDraining(): void;
  readonly draining: boolean;
  /** Every check, each time-boxed, run side by side. */
  check(options?: { redis?: RedisPing | undefined }): Promise<ReadinessAnswer>;
}

class CheckTimeout extends Error {}

/** `work` within `ms`, or a CheckTimeout; the work itself is left to finish or fail unseen. */
function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
    timer.unref();
  });
  const running = Promise.resolve().then(work);
  // A check given up on may still fail later: that is not an unhandled rejection.
  running.catch(() => undefined);
  return Promise.race([running, late]).finally(() => clearTimeout(timer));
}

const roundMs = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/** Run one check: ok, or failed with the reason an operator reads. */
async function timed(
  timeoutMs: number,
  work: () => Promise<string | undefined>,
): Promise<ReadinessCheck> {
  const started = performance.now();
  try {
    const problem = await within(work, timeoutMs);
    return problem
      ? { status: 'failed', ms: roundMs(started), reason: problem }
      : { status: 'ok', ms: roundMs(started) };
  } catch (err) {
    return {
      status: 'failed',
      ms: roundMs(started),
      reason:
        err instanceof CheckTimeout
          ? `did not answer within ${timeoutMs} ms`
          : 'could not be reached',
    };
  }
}

const SKIPPED: ReadinessCheck = { status: 'skipped', ms: null };

/**
 * The build's migrations: each one's `when` from drizzle's journal, read once when the process
 * starts, or why they could not be read.
 */
export function shippedMigrations(folder: string): { made: number[] } | { problem: string } {
  try {
    return { made: readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis) };
  } catch {
    return { problem: "this build's migrations could not be read" };
  }
}

/**
 * Whether this process should be sent requests (GET /api/ready, decision 075): not draining, the
 * database answers, every migration this build ships is applied (the migrator's own rule: one
 * made after the newest applied is pending; migrations newer than the build, from a newer
 * build mid-deploy, do not count against it), and Redis answers when REDIS_URL is set.
 */
export function createReadiness({
  database,
  repository,
  migrationsFolder,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
}: {
  database: Pick<DatabaseHandle, 'ping'>;
  repository: Pick<HealthRepository, 'lastMigrationAt'>;
  migrationsFolder: string;
  timeoutMs?: number;
}): Readiness {
  const shipped = shippedMigrations(migrationsFolder);
  let draining = false;

  /** The database's migrations against the build's: a problem, and how many are pending. */
  const migrationsState = async (): Promise<{ problem?: string; pending: number | null }> => {
    if ('problem' in shipped) return { problem: shipped.problem, pending: null };
    const last = await repository.lastMigrationAt();
    const pending = shipped.made.filter((made) => last === null || made > last).length;
    if (pending === 0) return { pending };
    return {
      problem: `${pending} of this build's migrations ${pending === 1 ? 'is' : 'are'} not applied`,
      pending,
    };
  };

  return {
    markDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },

    async check({ redis } = {}) {
      if (draining) {
        return {
          success: false,
          status: 'not-ready',
          failed: ['draining'],
          checks: {
            draining: { status: 'failed', ms: 0, reason: 'shutting down' },
            database: SKIPPED,
            migrations: { ...SKIPPED, pending: null },
            redis: SKIPPED,
          },
        };
      }
      let pending: number | null = null;
      const [databaseCheck, migrations, redisCheck] = await Promise.all([
        timed(timeoutMs, async () =>
          (await database.ping()) ? undefined : 'did not answer a query',
        ),
        timed(timeoutMs, async () => {
          const state = await migrationsState();
          pending = state.pending;
          return state.problem;
        }),
        redis
          ? timed(timeoutMs, async () => {
              await redis.ping();
              return undefined;
            })
          : Promise.resolve(SKIPPED),
      ]);
      const checks = {
        draining: { status: 'ok', ms: 0 } satisfies ReadinessCheck,
        database: databaseCheck,
        migrations: { ...migrations, pending: migrations.status === 'ok' ? 0 : pending },
        redis: redisCheck,
      };
      const failed = (Object.keys(checks) as ReadinessCheckName[]).filter(
        (name) => checks[name].status === 'failed',
      );
      return {
        success: failed.length === 0,
        status: failed.length === 0 ? 'ready' : 'not-ready',
        failed,
        checks,
      };
    },
  };
}
