import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with nothing set: embedded database in ./data, port 3000, sandbox payments', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.CONTACT_PHONE).toBe('+91 22 4890 1200');
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.SEED_ON_START).toBe(true);
    expect(config.RESERVATION_LEAD_DAYS).toBe(1);
    expect(config.RESERVATION_TURNAROUND_DAYS).toBe(3);
  });

  it('logs at info, one line per notable request (writes, failures, answers of 1 s or more)', () => {
    const config = loadConfig({});
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.ACCESS_LOG).toBe('notable');
    expect(config.SLOW_REQUEST_MS).toBe(1_000);
    expect(loadConfig({ ACCESS_LOG: 'all', SLOW_REQUEST_MS: '250' })).toMatchObject({
      ACCESS_LOG: 'all',
      SLOW_REQUEST_MS: 250,
    });
    expect(() => loadConfig({ ACCESS_LOG: 'some' })).toThrow(/ACCESS_LOG/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '0' })).toThrow(/SLOW_REQUEST_MS/);
  });

  it('describes the seller on tax invoices: the Mumbai warehouse by default, a GSTIN of the seller’s state', () => {
    expect(loadConfig({})).toMatchObject({
      GST_RATE_PERCENT: 18,
      SELLER_NAME: 'Pehnava Rentals Private Limited',
      SELLER_ADDRESS: 'Pehnava Warehouse, 14 Ballard Estate, Fort, Mumbai 400001',
      SELLER_GSTIN: '27AAACP0000P1ZO',
      SELLER_STATE: 'Maharashtra',
    });
    expect(
      loadConfig({ SELLER_GSTIN: ' 29aagcb7383j1z4 ', SELLER_STATE: 'Karnataka' }),
    ).toMatchObject({ SELLER_GSTIN: '29AAGCB7383J1Z4', SELLER_STATE: 'Karnataka' });
    expect(() => loadConfig({ SELLER_GSTIN: '27AAACP0000P1ZP' })).toThrow(
      /SELLER_GSTIN: must be a valid GSTIN/,
    );
    expect(() => loadConfig({ SELLER_GSTIN: '29AAGCB7383J1Z4' })).toThrow(
      /SELLER_GSTIN: must be registered in SELLER_STATE \(Maharashtra: state code 27\)/,
    );
    expect(() => loadConfig({ SELLER_STATE: 'Bombay' })).toThrow(/SELLER_STATE/);
    expect(() => loadConfig({ GST_RATE_PERCENT: '41' })).toThrow(/GST_RATE_PERCENT/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
  });

  it('opens 10 PostgreSQL connections per process at most, or DATABASE_POOL_SIZE, 1 to 100', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(10);
    for (const size of [1, 4, 100]) {
      const config = loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(size) });
      expect(config.DATABASE_POOL_SIZE).toBe(size);
    }
    for (const wrong of ['0', '101', '-3', '2.5', 'ten']) {
      expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: wrong }), wrong).toThrow(
        'DATABASE_POOL_SIZE: must be a whole number from 1 to 100',
      );
    }
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAYMENT_PROVIDER: 'paypal' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('PAYMENT_PROVIDER');
    }
  });

  it('requires JWT_SECRET and SMTP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*SMTP_URL/);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    });
    expect(config.isProduction).toBe(true);
  });

  it('refuses the sandbox (no real money) in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://mail.example:587',
      }),
    ).toThrow(/PAYMENT_PROVIDER: sandbox takes no real money/);
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('sends WhatsApp updates through the dev stand-in by default, none in production, and the Cloud API with its four keys', () => {
    expect(loadConfig({}).whatsappProvider).toBe('dev');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'k',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(loadConfig(production).whatsappProvider).toBe('off');
    expect(() => loadConfig({ ...production, WHATSAPP_PROVIDER: 'dev' })).toThrow(
      /WHATSAPP_PROVIDER: dev sends nothing to WhatsApp/,
    );
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'cloud', WHATSAPP_TOKEN: 't' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: is required when WHATSAPP_PROVIDER=cloud[\s\S]*WHATSAPP_APP_SECRET[\s\S]*WHATSAPP_VERIFY_TOKEN/,
    );
    const cloud = loadConfig({
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'a',
      WHATSAPP_VERIFY_TOKEN: 'v',
    });
    expect(cloud).toMatchObject({
      whatsappProvider: 'cloud',
      WHATSAPP_API_URL: 'https://graph.facebook.com',
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_TIMEOUT_MS: 10_000,
    });
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'sms' })).toThrow(/WHATSAPP_PROVIDER/);
  });

  it('refuses the movable test clock in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://mail.example:587',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        TEST_CLOCK: 'true',
      }),
    ).toThrow(/TEST_CLOCK: moves the server clock/);
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
  });

  it('takes WEB_CONCURRENCY workers on PostgreSQL only, and not with the movable clock', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    const pg = { DATABASE_URL: 'postgres://localhost/pehnava' };
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: above 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: '2', TEST_CLOCK: 'true' })).toThrow(
      /WEB_CONCURRENCY: above 1 is refused with TEST_CLOCK/,
    );
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('names each missing key of the chosen provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      /RAZORPAY_KEY_ID: is required when PAYMENT_PROVIDER=razorpay[\s\S]*RAZORPAY_KEY_SECRET[\s\S]*RAZORPAY_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=stripe/);
  });

  it('names only the Razorpay key that is missing, and gives its calls a bounded timeout', () => {
    const keys = {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_abc',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    };
    let message = '';
    try {
      loadConfig({ ...keys, RAZORPAY_WEBHOOK_SECRET: '' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      'RAZORPAY_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=razorpay',
    );
    expect(message).not.toContain('RAZORPAY_KEY_ID');
    expect(message).not.toContain('RAZORPAY_KEY_SECRET');
    const config = loadConfig(keys);
    expect(config).toMatchObject({
      RAZORPAY_API_URL: 'https://api.razorpay.com',
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      RAZORPAY_TIMEOUT_MS: 10_000,
    });
    expect(() => loadConfig({ ...keys, RAZORPAY_TIMEOUT_MS: '0' })).toThrow(/RAZORPAY_TIMEOUT_MS/);
  });

  it('splits CORS_ORIGINS into a list', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example,' }).CORS_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('believes no proxy by default, and TRUST_PROXY names which to believe', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('keeps images on disk by default, in PostgreSQL with DATABASE_URL, in a bucket when told', () => {
    expect(loadConfig({}).imageStore).toBe('disk');
    expect(loadConfig({}).IMAGE_CACHE_MB).toBe(64);
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(loadConfig({ DATABASE_URL: url }).imageStore).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: url, IMAGE_STORE: 'disk' }).imageStore).toBe('disk');
    expect(loadConfig({ IMAGE_STORE: 'postgres' }).imageStore).toBe('postgres');
    const s3 = loadConfig({
      IMAGE_STORE: 's3',
      S3_BUCKET: 'pehnava-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toMatchObject({
      imageStore: 's3',
      S3_BUCKET: 'pehnava-images',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ IMAGE_STORE: 's3' })).toThrow(
      'S3_BUCKET: is required when IMAGE_STORE=s3',
    );
    expect(() => loadConfig({ IMAGE_STORE: 'ftp' })).toThrow(/IMAGE_STORE/);
    expect(() =>
      loadConfig({ IMAGE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  });
});
