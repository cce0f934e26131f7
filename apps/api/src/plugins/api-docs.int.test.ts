import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSchema, productSchema } from '@pehnava/shared';
import { API_TAGS, BEARER_SCHEME, WHATSAPP_SIGNATURE_SCHEME } from '../lib/api-docs.js';
import { createTestApp, type TestApp } from '../test/app.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, unknown> }>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
}

let t: TestApp;
let docs: OpenApi;
const operations = () =>
  Object.entries(docs.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  docs = res.json<OpenApi>();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document at /api/docs/json', () => {
  it('describes the API (and only the API) as OpenAPI 3.1', () => {
    expect(docs.openapi).toBe('3.1.0');
    expect(docs.info.title).toBe('Pehnava API');
    const paths = Object.keys(docs.paths);
    expect(
      paths.every((p) => p.startsWith('/api/') && !p.startsWith('/api/docs')),
      paths.join(),
    ).toBe(true);
    // SPEC.md §7's calls that exist so far, and the API's own.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/product/list',
        '/api/product/list/{id}',
        '/api/product/filter-options',
        '/api/user/register',
        '/api/user/verify-otp',
        '/api/user/login',
        '/api/user/profile',
        '/api/user/update-profile',
        '/api/user/change-password',
        '/api/user/delete-account',
        '/api/subscription/plans',
        '/api/subscription/me',
        '/api/cart',
        '/api/cart/add',
        '/api/cart/remove/{productId}',
        '/api/cart/clear',
        '/api/wishlist/get',
        '/api/wishlist/add',
        '/api/wishlist/remove',
        '/api/wishlist/status',
        '/api/coupon/apply',
        '/api/site',
        '/api/health',
      ]),
    );
  });

  it('gives every route a summary, a known tag and a described answer', () => {
    const tags = docs.tags.map((tag) => tag.name);
    expect(tags).toEqual(API_TAGS.map((tag) => tag.name));
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary?.length, where).toBeGreaterThan(10);
      expect(op.tags?.length, where).toBe(1);
      expect(tags, where).toContain(op.tags![0]);
      // JSON, but for a file such as a CSV export, described under its own type; a create
      // that answers 201 describes that instead.
      const success = op.responses['200'] ?? op.responses['201'];
      const described = Object.values(success?.content ?? {}).map((c) => c.schema);
      expect(described.filter(Boolean).length, where).toBe(1);
    }
    expect(
      docs.paths['/api/admin/reports/export']!.get!.responses['200']!.content!['text/csv']!.schema,
    ).toEqual({ type: 'string' });
  });

  it('shows request bodies and path parameters from the contracts', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], where).toEqual(
        params,
      );
    }
    const body = docs.paths['/api/cart/add']!.post!.requestBody!.content['application/json']!
      .schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties).sort()).toEqual(
      ['duration', 'productId', 'size', 'startDate'].sort(),
    );
    expect(docs.paths['/api/user/delete-account']!.delete!.requestBody).toBeDefined();
  });

  it('names the shared shapes once, with every field of the contract', () => {
    const { schemas } = docs.components;
    expect(Object.keys(schemas).sort()).toEqual(
      ['CartEntry', 'Error', 'Plan', 'Product', 'Subscription', 'User'].sort(),
    );
    expect(Object.keys(schemas.Product!.properties).sort()).toEqual(
      Object.keys(productSchema.shape).sort(),
    );
    expect(Object.keys(schemas.Plan!.properties).sort()).toEqual(
      Object.keys(planSchema.shape).sort(),
    );
    const detail = JSON.stringify(docs.paths['/api/product/list/{id}']!.get!.responses['200']);
    expect(detail).toContain('#/components/schemas/Product');
    const notFound = docs.paths['/api/product/list/{id}']!.get!.responses['404']!;
    expect(JSON.stringify(notFound)).toContain('#/components/schemas/Error');
  });

  it('marks exactly the routes that answer 401 without a token as needing the bearer token', async () => {
    expect(docs.components.securitySchemes[BEARER_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    let guarded = 0;
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{\w+\}/g, 'PHN-LEH-0001');
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
        url,
        ...(method === 'get' ? {} : { payload: {} }),
      });
      const needsToken = (op.security ?? []).some((s) => BEARER_SCHEME in s);
      // A webhook signed by its sender (WhatsApp's) answers an unsigned delivery 401 too.
      const signed = (op.security ?? []).some((s) => WHATSAPP_SIGNATURE_SCHEME in s);
      expect(needsToken, `${method.toUpperCase()} ${path} answered ${res.statusCode}`).toBe(
        res.statusCode === 401 && !signed,
      );
      if (signed) expect(res.statusCode, path).toBe(401);
      if (needsToken) {
        guarded += 1;
        expect(op.responses['401'], path).toBeDefined();
      }
    }
    expect(guarded).toBeGreaterThanOrEqual(14);
  });
});

describe('the reference page at /api/docs', () => {
  it('loads only its own scripts and styles from this server, as the page policy requires', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Pehnava API reference</title>');
    // No inline script (the policy forbids it) and nothing from another host.
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attributes of scripts) expect(attributes).toMatch(/\ssrc="/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const init = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(init.body).toContain("resolveUrl('./json')");
    expect(init.body).not.toContain('validator.swagger.io');
  });
});
