import { INDIAN_STATES, gstStateCodeOf, isValidGstin } from '@pehnava/shared';
import { z } from 'zod';

/** Treat an empty string in the environment the same as an unset variable. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(unsetIfEmpty, z.string().optional());
const optionalUrl = z.preprocess(unsetIfEmpty, z.url().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );
const intWithDefault = (fallback: number, min: number, max: number, message?: string) =>
  z.preprocess(
    unsetIfEmpty,
    z.coerce.number(message).int(message).min(min, message).max(max, message).default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      unsetIfEmpty,
      z.enum(['development', 'production', 'test']).default('development'),
    ),
    PORT: intWithDefault(3000, 0, 65535),
    HOST: z.preprocess(unsetIfEmpty, z.string().default('0.0.0.0')),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    /**
     * The most connections each process's PostgreSQL pool opens. A serving process holds two more
     * of its own for LISTEN (db/listen.ts); a cluster's primary closes its pool once it has
     * migrated and seeded, before it starts the workers (docs/reliability.md, 'PostgreSQL
     * connections').
     */
    DATABASE_POOL_SIZE: intWithDefault(
      10,
      1,
      100,
      "must be a whole number from 1 to 100: the most connections in each process's PostgreSQL pool",
    ),
    JWT_SECRET: z.preprocess(
      unsetIfEmpty,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().default('Pehnava <care@pehnava.example>')),
    PAYMENT_PROVIDER: z.preprocess(
      unsetIfEmpty,
      z.enum(['sandbox', 'razorpay', 'stripe']).default('sandbox'),
    ),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    /** Razorpay's API (tests point it at a local stand-in that speaks Razorpay's shapes). */
    RAZORPAY_API_URL: z.preprocess(unsetIfEmpty, z.url().default('https://api.razorpay.com')),
    /** Razorpay Checkout's script, loaded by the browser (allowed by the page's CSP). */
    RAZORPAY_CHECKOUT_URL: z.preprocess(
      unsetIfEmpty,
      z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
    ),
    /** How long one call to Razorpay may take before it counts as unavailable. */
    RAZORPAY_TIMEOUT_MS: intWithDefault(10_000, 100, 120_000),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Stripe's API (tests point it at a local stand-in that speaks Stripe's shapes). */
    STRIPE_API_URL: z.preprocess(unsetIfEmpty, z.url().default('https://api.stripe.com')),
    /**
     * Booking updates on WhatsApp (decision 085): 'off', 'dev' (a stand-in that keeps the messages
     * for /dev/mail; refused in production) or 'cloud' (WhatsApp Business Cloud API). Unset: dev
     * outside production, off in production (resolved in loadConfig as `whatsappProvider`).
     */
    WHATSAPP_PROVIDER: z.preprocess(unsetIfEmpty, z.enum(['off', 'dev', 'cloud']).optional()),
    /** The Cloud API's address (tests point it at a local stand-in that speaks its shapes). */
    WHATSAPP_API_URL: z.preprocess(unsetIfEmpty, z.url().default('https://graph.facebook.com')),
    WHATSAPP_API_VERSION: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v21.0')
        .default('v21.0'),
    ),
    WHATSAPP_TOKEN: optionalString,
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
      unsetIfEmpty,
      z.string().regex(/^\d+$/, 'must be the digits of the WhatsApp phone number id').optional(),
    ),
    WHATSAPP_APP_SECRET: optionalString,
    WHATSAPP_VERIFY_TOKEN: optionalString,
    /** How long one call to the Cloud API may take before it counts as unavailable. */
    WHATSAPP_TIMEOUT_MS: intWithDefault(10_000, 100, 120_000),
    REDIS_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    CORS_ORIGINS: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .optional()
        .transform((v) =>
          v
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : [],
        ),
    ),
    CONTACT_PHONE: z.preprocess(unsetIfEmpty, z.string().default('+91 22 4890 1200')),
    CONTACT_EMAIL: z.preprocess(unsetIfEmpty, z.string().default('care@pehnava.example')),
    CONTACT_CITY: z.preprocess(unsetIfEmpty, z.string().default('Mumbai')),
    INSTAGRAM_URL: z.preprocess(
      unsetIfEmpty,
      z.url().default('https://www.instagram.com/pehnava.rentals'),
    ),
    LINKEDIN_URL: z.preprocess(
      unsetIfEmpty,
      z.url().default('https://www.linkedin.com/company/pehnava-rentals'),
    ),
    LOG_LEVEL: z.preprocess(
      unsetIfEmpty,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /**
     * Which requests get a line of their own (decision 062): 'notable' (writes, 5xx answers and
     * slow answers) or 'all'.
     */
    ACCESS_LOG: z.preprocess(unsetIfEmpty, z.enum(['notable', 'all']).default('notable')),
    /** An answer that takes this long or longer is logged at warn, whatever its method. */
    SLOW_REQUEST_MS: intWithDefault(1_000, 1, 3_600_000),
    WEB_ROOT: optionalString,
    /**
     * Where images live (decision 076): 'disk' (DATA_DIR/images), 'postgres' (the database every
     * host reads) or 's3' (an S3-compatible object store). Unset: postgres with DATABASE_URL, else
     * disk (resolved in loadConfig as `imageStore`).
     */
    IMAGE_STORE: z.preprocess(unsetIfEmpty, z.enum(['disk', 'postgres', 's3']).optional()),
    /** Megabytes of images each process keeps in memory to serve them without reading the store. */
    IMAGE_CACHE_MB: intWithDefault(64, 0, 4_096),
    /** IMAGE_STORE=s3: the bucket (required), and an endpoint for an S3-compatible service. */
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
    /** Both or neither; unset, the AWS SDK's own chain (AWS_* variables, an instance role). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Addresses objects as endpoint/bucket/key rather than bucket.endpoint/key (most stand-ins). */
    S3_FORCE_PATH_STYLE: flag(false),
    SEED_ON_START: flag(true),
    /**
     * Browser tests only: the server's clock can be moved forward with POST /api/dev/clock
     * (holds expiring). Refused in production.
     */
    TEST_CLOCK: flag(false),
    RESERVATION_LEAD_DAYS: intWithDefault(1, 0, 14),
    RESERVATION_TURNAROUND_DAYS: intWithDefault(3, 0, 30),
    /** The warehouse's pincode, where every parcel leaves from (DECISIONS.md: 400001, Mumbai). */
    WAREHOUSE_PINCODE: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^[1-9]\d{5}$/, 'WAREHOUSE_PINCODE must be a 6-digit pincode')
        .default('400001'),
    ),
    /**
     * Pincodes, or their first digits, the shop does not deliver to: comma-separated (e.g.
     * '744,682001'). Checkout refuses them; GET /api/pincode says served: false.
     */
    NOT_SERVED_PINCODES: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(
          /^\s*\d{1,6}(\s*,\s*\d{1,6})*\s*$/,
          'NOT_SERVED_PINCODES lists pincodes or prefixes of digits, comma-separated',
        )
        .default('')
        .transform((list) =>
          list
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
        ),
    ),
    /** Days a returned piece spends being cleaned and checked before it is back in service. */
    UNIT_CLEANING_DAYS: intWithDefault(1, 0, 14),
    CATALOGUE_CACHE_TTL_MS: intWithDefault(30_000, 0, 3_600_000),
    /**
     * Shoppers whose cart view each process keeps in memory (decision 058); 0 keeps none, nor any
     * product's calendar.
     */
    CART_CACHE_ENTRIES: intWithDefault(10_000, 0, 1_000_000),
    /**
     * The GST rate (percent) inside prices (DECISIONS.md 'Tax invoices': prices include GST): on
     * every tax invoice and credit note (decision 081) and in the accountant's exports (decision 054).
     */
    GST_RATE_PERCENT: intWithDefault(18, 0, 40),
    /**
     * The seller on tax invoices (decision 081): its legal name, address, GSTIN and state (one of
     * the checkout's 36; the GSTIN's first two digits must be its state code). The state decides
     * CGST + SGST (a delivery within it) or IGST. Defaults describe the Mumbai warehouse; the
     * default GSTIN is a placeholder of the right form that a real shop must replace.
     */
    SELLER_NAME: z.preprocess(unsetIfEmpty, z.string().default('Pehnava Rentals Private Limited')),
    SELLER_ADDRESS: z.preprocess(
      unsetIfEmpty,
      z.string().default('Pehnava Warehouse, 14 Ballard Estate, Fort, Mumbai 400001'),
    ),
    SELLER_GSTIN: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .transform((gstin) => gstin.trim().toUpperCase())
        .refine(isValidGstin, 'must be a valid GSTIN (15 characters and the right check character)')
        .default('27AAACP0000P1ZO'),
    ),
    SELLER_STATE: z.preprocess(
      unsetIfEmpty,
      z
        .enum(INDIAN_STATES, {
          error: 'must be one of the 36 states and union territories, e.g. Maharashtra',
        })
        .default('Maharashtra'),
    ),
    /** Minutes an unpaid booking holds its units and coupon (DECISIONS.md: 15). */
    BOOKING_HOLD_MINUTES: intWithDefault(15, 1, 24 * 60),
    /** How long after a sandbox payment its webhook is sent to the app. */
    SANDBOX_WEBHOOK_DELAY_MS: intWithDefault(2_000, 0, 600_000),
    /** Where the sandbox sends its webhooks (default: this server on 127.0.0.1:PORT). */
    SANDBOX_WEBHOOK_URL: optionalUrl,
    /** Tries at login, register and verify-otp per client address, and per e-mail, per window. */
    AUTH_RATE_LIMIT_PER_IP: intWithDefault(30, 1, 100_000),
    AUTH_RATE_LIMIT_PER_EMAIL: intWithDefault(10, 1, 100_000),
    AUTH_RATE_LIMIT_WINDOW_MS: intWithDefault(900_000, 1_000, 86_400_000),
    SHUTDOWN_TIMEOUT_MS: intWithDefault(10_000, 100, 120_000),
    /**
     * After SIGTERM, how long the process keeps serving with GET /api/ready answering 503 before it
     * stops taking connections (decision 075): long enough for a load balancer's health checks to
     * take it out of rotation. 0 (the default) closes at once.
     */
    SHUTDOWN_DRAIN_MS: intWithDefault(0, 0, 120_000),
    /**
     * The bearer token GET /metrics asks for. Unset: /metrics answers only requests from loopback
     * or private addresses that were not forwarded from outside (decision 075).
     */
    METRICS_TOKEN: z.preprocess(
      unsetIfEmpty,
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /**
     * Worker processes sharing the port (node:cluster), as hosts that set this variable expect.
     * Above 1 it needs PostgreSQL: the embedded database belongs to one process.
     */
    WEB_CONCURRENCY: intWithDefault(1, 1, 64),
    /**
     * Which proxies to believe about the client's address (X-Forwarded-For), for rate limits and
     * logs: 'false' (none, the default), 'true' (any), or a comma-separated list of addresses/CIDRs.
     */
    TRUST_PROXY: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .default('false')
        .transform((v): boolean | string[] => {
          if (v === 'false' || v === '0') return false;
          if (v === 'true' || v === '1') return true;
          return v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
        }),
    ),
  })
  .superRefine((env, ctx) => {
    const needs = (variable: keyof typeof env, provider: string) => {
      if (!env[variable]) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: `is required when PAYMENT_PROVIDER=${provider}`,
        });
      }
    };
    if (env.PAYMENT_PROVIDER === 'razorpay') {
      needs('RAZORPAY_KEY_ID', 'razorpay');
      needs('RAZORPAY_KEY_SECRET', 'razorpay');
      needs('RAZORPAY_WEBHOOK_SECRET', 'razorpay');
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      needs('STRIPE_SECRET_KEY', 'stripe');
      needs('STRIPE_WEBHOOK_SECRET', 'stripe');
    }
    if (env.WHATSAPP_PROVIDER === 'cloud') {
      for (const variable of [
        'WHATSAPP_TOKEN',
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ] as const) {
        if (!env[variable]) {
          ctx.addIssue({
            code: 'custom',
            path: [variable],
            message: 'is required when WHATSAPP_PROVIDER=cloud',
          });
        }
      }
    }
    if (env.IMAGE_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when IMAGE_STORE=s3: name the bucket images are kept in',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'above 1 needs DATABASE_URL (PostgreSQL): the embedded database serves one process',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && env.TEST_CLOCK) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 is refused with TEST_CLOCK: a moved clock would move in one worker only',
      });
    }
    if (env.SELLER_GSTIN.slice(0, 2) !== gstStateCodeOf(env.SELLER_STATE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_GSTIN'],
        message: `must be registered in SELLER_STATE (${env.SELLER_STATE}: state code ${gstStateCodeOf(env.SELLER_STATE)})`,
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.TEST_CLOCK) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'moves the server clock for tests and is refused when NODE_ENV=production',
      });
    }
    if (env.WHATSAPP_PROVIDER === 'dev') {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_PROVIDER'],
        message:
          'dev sends nothing to WhatsApp and is refused when NODE_ENV=production: set cloud or off',
      });
    }
    if (env.PAYMENT_PROVIDER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'sandbox takes no real money and is refused when NODE_ENV=production: set razorpay or stripe',
      });
    }
    if (!env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when NODE_ENV=production',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** IMAGE_STORE, or its default: postgres with DATABASE_URL, else disk (decision 076). */
  imageStore: 'disk' | 'postgres' | 's3';
  /** WHATSAPP_PROVIDER, or its default: dev outside production, off in production. */
  whatsappProvider: 'off' | 'dev' | 'cloud';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    isProduction: env.NODE_ENV === 'production',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
    imageStore: env.IMAGE_STORE ?? (env.DATABASE_URL ? 'postgres' : 'disk'),
    whatsappProvider: env.WHATSAPP_PROVIDER ?? (env.NODE_ENV === 'production' ? 'off' : 'dev'),
  };
}
