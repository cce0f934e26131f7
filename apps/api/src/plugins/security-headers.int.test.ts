// The security headers are worked out once (decision 040): every kind of response must still carry
// exactly what helmet sends with the same settings. Helmet's own middleware on a plain Node server
// is the yardstick.
import { createServer } from 'node:http';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { helmetHeaders, securityHeaderOptions } from './security-headers.js';

/** The headers helmet itself sends with these options, read off a real response. */
async function helmetSends(isProduction: boolean): Promise<Record<string, string>> {
  const middleware = helmet(securityHeaderOptions(isProduction));
  const server = createServer((req, res) => {
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const response = await fetch(`http://127.0.0.1:${address.port}/`);
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    return Object.fromEntries([...response.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

let t: TestApp;
let expected: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  expected = await helmetSends(false);
});
afterAll(async () => {
  await t.close();
});

describe('security headers', () => {
  it('are the ones helmet sends, with its values', async () => {
    expect(helmetHeaders(securityHeaderOptions(false))).toEqual(expected);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]),
    );
    expect(expected['strict-transport-security']).toBeUndefined();
  });

  it('in production include HSTS and upgrade-insecure-requests, as helmet sends them', async () => {
    const production = await helmetSends(true);
    expect(helmetHeaders(securityHeaderOptions(true))).toEqual(production);
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(production['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('let the page reach the payment provider’s checkout (script, API, frames) and nothing else', () => {
    const csp = (sources?: Parameters<typeof securityHeaderOptions>[2]) =>
      helmetHeaders(securityHeaderOptions(false, undefined, sources))['content-security-policy']!;
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    // The sandbox's checkout is served by this server: no other host is let in.
    const own = csp();
    // WebAssembly may be compiled (the console's tag reader); scripts are never evaluated.
    expect(directive(own, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(own).not.toContain("'unsafe-eval'");
    expect(directive(own, 'connect-src')).toBeUndefined();
    expect(directive(own, 'frame-src')).toBeUndefined();
    const razorpay = csp({
      script: ['https://checkout.razorpay.com'],
      connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
      frame: ['https://api.razorpay.com'],
    });
    expect(directive(razorpay, 'script-src')).toBe(
      "script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com",
    );
    expect(directive(razorpay, 'connect-src')).toBe(
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    );
    expect(directive(razorpay, 'frame-src')).toBe("frame-src 'self' https://api.razorpay.com");
    expect(directive(razorpay, 'script-src-attr')).toBe("script-src-attr 'none'");
  });

  const product = async () => (await t.app.services.catalogue.snapshot()).products[0]!;
  const id = async () => (await product())._id;
  it.each([
    ['the catalogue from its snapshot', async () => '/api/product/list', 200],
    ['a product from its snapshot', async () => `/api/product/list/${await id()}`, 200],
    ['a JSON route', async () => '/api/health', 200],
    ['an image', async () => new URL((await product()).images[0]!, 'http://x').pathname, 200],
    ['an unknown API path', async () => '/api/nothing-here', 404],
    ['a route refusing a visitor', async () => '/api/cart', 401],
    ['a bad product id', async () => '/api/product/list/not-an-id', 404],
  ])('are on every response: %s', async (name, url, status) => {
    const res = await t.app.inject({ method: 'GET', url: await url() });
    expect(res.statusCode).toBe(status);
    // Images are public and embedded by other origins' pages (decision 025): only their
    // resource policy differs from helmet's.
    const wanted =
      name === 'an image'
        ? { ...expected, 'cross-origin-resource-policy': 'cross-origin' }
        : expected;
    for (const [header, value] of Object.entries(wanted)) {
      expect({ header, value: res.headers[header] }).toEqual({ header, value });
    }
  });
});
