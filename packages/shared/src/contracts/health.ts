import { z } from 'zod';

export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What readiness checks, in the order its answer lists them. */
export const READINESS_CHECKS = ['draining', 'database', 'migrations', 'redis'] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

/**
 * One check's result: `ok`, or `failed` with what went wrong; `skipped` when it does not apply
 * (Redis without REDIS_URL, the database's own checks while draining).
 */
export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'failed', 'skipped']),
  /** How long the check took (null when skipped). */
  ms: z.number().nonnegative().nullable(),
  /** Why it failed, in words for an operator ('did not answer within 1000 ms'). */
  reason: z.string().optional(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * GET /api/ready: 200 when this process should be sent requests (not draining, the database and
 * Redis answer, every migration this build ships is applied), else 503 naming the failed checks.
 */
export const readinessResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ready', 'not-ready']),
  /** The checks that failed (empty when ready). */
  failed: z.array(z.enum(READINESS_CHECKS)),
  checks: z.object({
    draining: readinessCheckSchema,
    database: readinessCheckSchema,
    migrations: readinessCheckSchema.extend({
      /** Migrations this build ships that the database has not applied. */
      pending: z.number().int().nonnegative().nullable(),
    }),
    redis: readinessCheckSchema,
  }),
  version: z.string(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/**
 * GET /api/admin/health (admins): the shop's background work as Today's health line shows it.
 * `attention` lists what is not healthy, so the console need not know the thresholds.
 */
export const shopHealthResponseSchema = z.object({
  success: z.literal(true),
  mail: z.object({
    /** Mails in the outbox not sent yet. */
    waiting: z.number().int().nonnegative(),
    /** Seconds since the oldest of them was queued (null when none waits). */
    oldestWaitingSeconds: z.number().int().nonnegative().nullable(),
  }),
  refunds: z.object({
    /** Still to be made at the provider (the refunds job asks again by itself). */
    pending: z.number().int().nonnegative(),
    /** Failed for good until an admin retries them. */
    failed: z.number().int().nonnegative(),
  }),
  payments: z.object({
    /** Unpaid orders still watched by the reconciliation. */
    awaitingReconciliation: z.number().int().nonnegative(),
    /** Of those, orders the reconciliation should have asked about a while ago. */
    overdue: z.number().int().nonnegative(),
  }),
  attention: z.array(z.enum(['mail', 'refunds', 'payments'])),
});
export type ShopHealthResponse = z.infer<typeof shopHealthResponseSchema>;
