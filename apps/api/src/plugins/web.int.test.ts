import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COLLECTION_META,
  CONSOLE_META,
  HOME_META,
  hindiPageMeta,
  productPageMetaHi,
  PRODUCT_FALLBACK_META,
  TERMS_META,
  CARD_IMAGE_SIZES,
  HERO_IMAGE_SIZES,
  heroImageSrcSet,
  heroImageUrl,
  productListResponseSchema,
  productPictureSrcSet,
  productSearchResponseSchema,
  SERVER_RENDER,
} from '@pehnava/shared';
import {
  createPageMetaResolver,
  inlineStylesheets,
  renderPageHtml,
} from '../modules/site/page-meta.js';
import { createTestApp, type TestApp } from '../test/app.js';

/** A script big enough to compress, and the copies "the build" wrote beside it. */
const BIG_SCRIPT = `export const words = ${JSON.stringify('marigold '.repeat(400))};`;
const WASM_HEADER = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const BUILT_BR = brotliCompressSync(BIG_SCRIPT, {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 },
});
const BUILT_GZIP = gzipSync(BIG_SCRIPT, { level: 1 });

let t: TestApp;
let buildRoot: string;
let webRoot: string;

/**
 * The stand-in for the web build's server renderer (dist-ssr/entry-server.js, apps/web/src/
 * entry-server.tsx), steered by the test through globalThis: it draws `<p>drawn {url}</p>`, reads
 * what `reads` names through the transport it is given (the app's own API) and keeps what that
 * answered as the page's state, counts its renders, and declines (undefined) or throws as told.
 */
interface FakeRenderer {
  renders: string[];
  decline: (url: string) => boolean;
  fail: (url: string) => boolean;
  reads: (url: string) => string | undefined;
  answers: { url: string; status: number; body: unknown }[];
  extraState: unknown[];
  method: string;
  parts: string[];
}
const fake = (): FakeRenderer =>
  (globalThis as unknown as { pehnavaFakeRenderer: FakeRenderer }).pehnavaFakeRenderer;
const FAKE_RENDERER = `
export async function renderPage(url, transport) {
  const fake = globalThis.pehnavaFakeRenderer;
  fake.renders.push(url);
  if (fake.fail(url)) throw new Error('the render broke');
  if (fake.decline(url)) return undefined;
  const queries = [...fake.extraState];
  const read = fake.reads(url);
  if (read) {
    const res = await transport(read, { method: fake.method });
    const body = await res.json();
    fake.answers.push({ url: read, status: res.status, body });
    queries.push({ queryKey: [read], state: { data: body } });
  }
  return { html: '<p>drawn ' + url.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</p>', state: { queries, mutations: [] }, parts: fake.parts };
}
`;
const resetFake = () =>
  Object.assign(fake(), {
    renders: [],
    decline: () => false,
    fail: () => false,
    reads: () => undefined,
    answers: [],
    extraState: [],
    method: 'GET',
    parts: [],
  });

beforeAll(async () => {
  (globalThis as unknown as { pehnavaFakeRenderer: object }).pehnavaFakeRenderer = {};
  resetFake();
  buildRoot = mkdtempSync(join(tmpdir(), 'pehnava-web-'));
  webRoot = join(buildRoot, 'dist');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  mkdirSync(join(buildRoot, 'dist-ssr'));
  writeFileSync(join(buildRoot, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER);
  writeFileSync(
    join(webRoot, 'index.html'),
    [
      '<!doctype html><html><head>',
      '<meta\n      name="description"\n      content="The default words"\n    />',
      '<title>Pehnava</title>',
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
      '<link rel="stylesheet" crossorigin href="/assets/index-gone.css">',
      // As the build writes it (apps/web/vite.config.ts): the scripts held until the first paint,
      // and the inline script that starts them (here the CSP specification's example script).
      '<template id="app-scripts"><link rel="modulepreload" crossorigin href="/assets/index-abc123.js"></template>',
      `<script type="module">alert('Hello, world.');</script>`,
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.info(1)');
  // The smallest WebAssembly module: its magic number and version.
  writeFileSync(join(webRoot, 'assets', 'reader-fed789.wasm'), WASM_HEADER);
  // A script the build compressed (apps/web/vite.config.ts, precompress), and its source map.
  writeFileSync(join(webRoot, 'assets', 'page-def456.js'), BIG_SCRIPT);
  writeFileSync(join(webRoot, 'assets', 'page-def456.js.br'), BUILT_BR);
  writeFileSync(join(webRoot, 'assets', 'page-def456.js.gz'), BUILT_GZIP);
  writeFileSync(join(webRoot, 'assets', 'page-def456.js.map'), '{"version":3}');
  writeFileSync(join(webRoot, 'assets', 'index-abc123.css'), 'body{color:#123}.unused{color:red}');
  t = await createTestApp({ webRoot, seed: true, env: { PUBLIC_URL: 'https://pehnava.example/' } });
});
afterAll(async () => {
  await t.close();
  rmSync(buildRoot, { recursive: true, force: true });
});

beforeEach(() => {
  resetFake();
  // A page drawn by an earlier test is kept; each test starts with none.
  t.app.services.catalogue.invalidate();
});

describe('serving the web app', () => {
  it('answers page paths with the app, revalidated each time', async () => {
    for (const url of ['/', '/collection', '/product/abc?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes each page its own title and description, once each', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collection?q=silk' });
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${COLLECTION_META.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${COLLECTION_META.description}" />`);
    expect(html).toContain(
      '<meta property="og:url" content="https://pehnava.example/collection" />',
    );
    expect(html).toContain(
      `<div id="root" ${SERVER_RENDER.rootAttribute}=""><p>drawn /collection?q=silk</p></div>`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/terms/' })).body).toContain(
      `<title>${TERMS_META.title}</title>`,
    );
  });

  it('answers the console with its own title, no shop frame, and no indexing', async () => {
    for (const url of ['/admin', '/admin/', '/admin/bookings/abc?status=confirmed']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${CONSOLE_META.title}</title>`);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    // Never drawn on the server: the console draws its own frame.
    expect(fake().renders).toEqual([]);
    // A shop page merely starting with the same letters is the shop's.
    const shop = await t.app.inject({ method: 'GET', url: '/administration' });
    expect(shop.headers['x-robots-tag']).toBeUndefined();
    expect(shop.body).toContain('<p>drawn /administration</p>');
  });

  it('describes a product page for link previews: its name, price and first image', async () => {
    const { products } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const product = products[0]!;
    const html = (await t.app.inject({ method: 'GET', url: `/product/${product._id}` })).body;
    const og = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1];
    expect(og('og:type')).toBe('product');
    expect(og('og:title')).toBe(`${product.name} on rent · Pehnava`);
    // The API's image URLs are absolute already (PUBLIC_URL): the preview uses the same one.
    expect(product.images[0]).toMatch(/^https:\/\/pehnava\.example\/images\//);
    expect(og('og:image')).toBe(product.images[0]);
    expect(og('og:url')).toBe(`https://pehnava.example/product/${product._id}`);
    expect(html).toContain(
      `<link rel="canonical" href="https://pehnava.example/product/${product._id}" />`,
    );
    expect(html).toContain(`<title>${product.name} on rent · Pehnava</title>`);

    const unknown = await t.app.inject({ method: 'GET', url: '/product/no-such-thing' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(`<title>${PRODUCT_FALLBACK_META.title}</title>`);
    const resolve = createPageMetaResolver(t.app.services.catalogue);
    expect(await resolve('/product/%E0%A4%A')).toEqual({ meta: PRODUCT_FALLBACK_META });
    expect(await resolve('/somewhere-else')).toEqual({ meta: HOME_META });
    // The gallery's first image is fetched before the script asks for it: the very URL it shows.
    expect(html).toContain(
      `<link rel="preload" as="image" href="${product.images[0]}" fetchpriority="high" />`,
    );
  });

  it('answers a product page by its code in any case, with the _id page as its one address', async () => {
    // A page the browser draws (here, one the renderer declines) preloads the answers it asks for.
    fake().decline = () => true;
    const { products } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const product = products[3]!;
    const code = product.productId.toLowerCase();
    const html = (await t.app.inject({ method: 'GET', url: `/product/${code}` })).body;
    expect(html).toContain(`<title>${product.name} on rent · Pehnava</title>`);
    const canonical = `https://pehnava.example/product/${product._id}`;
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:image" content="${product.images[0]}" />`);
    // The page asks for the product by the address it was opened with: that is what is preloaded;
    // then for its related pieces by the product's _id (the address it has moved to by then).
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/api/product/list/${code}" />` +
        `<link rel="preload" as="fetch" crossorigin href="/api/product/list/${product._id}/related" />`,
    );
    // Never the whole catalogue.
    expect(html).not.toMatch(/href="\/api\/product\/list"/);
  });

  it("lets pages show images from PUBLIC_URL, which need not be the page's own address", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: '10.0.0.5:3000' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://pehnava.example;");
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    // The SHA-256 of `alert('Hello, world.');`, as the CSP specification gives it.
    expect(scriptSrc).toBe(
      "script-src 'self' 'wasm-unsafe-eval' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
    expect(res.headers['content-security-policy']).toContain("script-src-attr 'none'");
  });

  it("holds a page's own chunks with the first script until the first paint", async () => {
    const [product] = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    ).products;
    const html = (await t.app.inject({ method: 'GET', url: `/product/${product!._id}` })).body;
    const held = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    // A drawn page carries the rules its HTML uses; the whole stylesheet comes with the scripts
    // (decision 078).
    expect(html).toContain('<style>body{color:#123}</style>');
    expect(html).not.toContain('.unused');
    expect(held).toMatch(
      /^<link rel="stylesheet" href="\/assets\/index-abc123\.css" data-early><link rel="modulepreload" crossorigin href="\/assets\/index-abc123\.js">/,
    );
    // Nothing loads a script before the first paint: every module preload is held.
    const outside = html.replace(/<template id="app-scripts">[\s\S]*?<\/template>/, '');
    expect(outside).not.toContain('modulepreload');
    // A build without the template (an older one) preloads them in the head, as before.
    const head = { meta: HOME_META, preloadModules: ['/assets/page-1.js'] };
    const page = { origin: 'https://a.example', path: '/' };
    expect(renderPageHtml('<head></head>', head, page)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/page-1.js" /></head>',
    );
    const withTemplate = renderPageHtml(
      '<head><template id="app-scripts"><a></template></head>',
      head,
      page,
    );
    expect(withTemplate).toContain(
      '<template id="app-scripts"><a><link rel="modulepreload" crossorigin href="/assets/page-1.js" /></template>',
    );
    expect(withTemplate.match(/modulepreload/g)).toHaveLength(1);
  });

  it('preloads the first card image of the collection as the API gives it', async () => {
    fake().decline = () => true;
    // The first card is the first product of the search the page makes.
    const { products } = productSearchResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products' })).json(),
    );
    const html = (await t.app.inject({ method: 'GET', url: '/collection' })).body;
    // The seed's art, at each of its widths, chosen by the card's own sizes: the browser fetches
    // the one picture the card shows (a desktop's card takes the 300 px one), not the 600 px one
    // as well.
    const first = products[0]!.images[0]!;
    expect(productPictureSrcSet(first)).toContain(' 300w');
    const preload = `<link rel="preload" as="image" href="${first}" imagesrcset="${productPictureSrcSet(first)}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high" />`;
    expect(html).toContain(preload);
    // A search's first card is not known without running it, which would hold up the page.
    for (const url of [
      '/collection?q=silk',
      '/collection?category=Men',
      '/collection?sort=newest',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('as="image"');
    }
    // A parameter that is no filter leaves the plain collection.
    expect((await t.app.inject({ method: 'GET', url: '/collection?utm_source=x' })).body).toContain(
      preload,
    );
  });

  it("preloads the collection's search at the address the web app asks for, whatever the order", async () => {
    fake().decline = () => true;
    const preloads = async (url: string) =>
      [
        ...(await t.app.inject({ method: 'GET', url })).body.matchAll(
          /<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g,
        ),
      ].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(await preloads('/collection')).toEqual(['/api/products', '/api/product/filter-options']);
    // Groups by name, values in order, the default sort left out; a parameter that is no filter
    // type of the catalogue is not sent (the API would refuse it).
    const search =
      '/api/products?q=silk&sort=newest&category=Women&occasion=Mehendi&occasion=Wedding';
    expect(
      await preloads(
        '/collection?occasion=Wedding&utm_source=mail&q=silk&category=Women&occasion=Mehendi&sort=newest',
      ),
    ).toEqual([search, '/api/product/filter-options']);
    expect(
      await preloads(
        '/collection?sort=newest&category=Women&occasion=Mehendi&q=+silk+&occasion=Wedding',
      ),
    ).toEqual([search, '/api/product/filter-options']);
    expect((await preloads('/collection?q=%E0%A4%B2%E0%A4%B9%E0%A4%82%E0%A4%97%E0%A4%BE'))[0]).toBe(
      `/api/products?q=${encodeURIComponent('लहंगा')}`,
    );
    // The answers behind those addresses exist (the API takes what the page asks).
    for (const url of [search, `/api/products?q=${encodeURIComponent('लहंगा')}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('preloads the first hero on the home page, and writes the stylesheet into the page', async () => {
    fake().decline = (url) => url === '/';
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain(
      `<link rel="preload" as="image" href="${heroImageUrl(0)}" imagesrcset="${heroImageSrcSet(0)}" imagesizes="${HERO_IMAGE_SIZES}" fetchpriority="high" />`,
    );
    // A page the server did not draw carries the whole stylesheet.
    expect(home).toContain('<style>body{color:#123}.unused{color:red}</style>');
    expect(home).not.toContain('href="/assets/index-abc123.css"');
    // A stylesheet that cannot be read stays a link rather than vanishing.
    expect(home).toContain('href="/assets/index-gone.css"');
    // The two shelves' small searches, at the addresses the web app asks for (not the catalogue).
    expect(home).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/products?pageSize=10" />' +
        '<link rel="preload" as="fetch" crossorigin href="/api/products?bestseller=true&amp;pageSize=15" />',
    );
    expect(home).not.toMatch(/href="\/api\/product\/list"/);
    expect(home).toContain('<div id="root"></div>');
    const about = (await t.app.inject({ method: 'GET', url: '/about' })).body;
    expect(about).not.toContain('rel="preload"');
  });

  it('sends pages compressed, and a repeat visit with a current copy gets 304', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/about' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('escapes what it writes into the page', () => {
    const html = renderPageHtml(
      '<head><title>x</title><meta name="description" content="y" /></head>',
      {
        meta: {
          title: 'A "quoted" <b>name</b> & more',
          description: "It's <script>",
          image: '/i.svg',
        },
        preloadImage: '/i.svg"><script>',
      },
      { origin: 'https://a.example', path: '/p?q="><script>' },
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; more</title>',
    );
    expect(html).toContain('content="It&#39;s &lt;script&gt;"');
    const inlined = inlineStylesheets(
      '<link rel="stylesheet" href="/assets/a.css">',
      () => 'a::after{content:"</style><script>"}',
    );
    expect(inlined).toBe('<style>a::after{content:"<\\/style><script>"}</style>');
  });

  it('caches hashed assets for a year and answers a missing one with 404, not the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // WebAssembly as WebAssembly, which browsers compile while it downloads.
    const wasm = await t.app.inject({ method: 'GET', url: '/assets/reader-fed789.wasm' });
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(wasm.rawPayload.equals(WASM_HEADER)).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends the copies the build compressed, as they are, and a 304 for a current one', async () => {
    const url = '/assets/page-def456.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    // The build's bytes (its quality-1 copy, here), not the server's own compression.
    expect(br.rawPayload.equals(BUILT_BR)).toBe(true);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.rawPayload.equals(BUILT_GZIP)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Source maps come from disk as before; the compressed copies are not addresses of their own.
    expect((await t.app.inject({ method: 'GET', url: `${url}.map` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });
});

describe('pages drawn on the server', () => {
  /** The state a drawn page carries, read as the browser reads it (main.tsx). */
  const stateOf = (html: string): unknown => {
    const json = new RegExp(
      `<script type="application/json" id="${SERVER_RENDER.stateId}">([\\s\\S]*?)</script>`,
    ).exec(html)?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  };

  it("draws a product's page with the API's own answer, and preloads no data for it", async () => {
    const { products } = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const product = products[0]!;
    const detail = `/api/product/list/${product._id}`;
    fake().reads = () => detail;
    const html = (await t.app.inject({ method: 'GET', url: `/product/${product._id}` })).body;
    expect(html).toContain(
      `<div id="root" ${SERVER_RENDER.rootAttribute}=""><p>drawn /product/${product._id}</p></div>`,
    );
    // The renderer asked the API as the browser would, and got what the browser would get:
    // image addresses absolute for the page's origin.
    const [answer] = fake().answers;
    expect(answer).toMatchObject({ url: detail, status: 200 });
    expect(answer!.body).toEqual((await t.app.inject({ method: 'GET', url: detail })).json());
    expect(JSON.stringify(answer!.body)).toContain('"https://pehnava.example/images/');
    expect(stateOf(html)).toEqual({
      queries: [{ queryKey: [detail], state: { data: answer!.body } }],
      mutations: [],
    });
    // The answers are in the page: nothing to fetch. The picture is still fetched first.
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${product.images[0]}" fetchpriority="high" />`,
    );
  });

  it('writes the state so that no text in it can end its element', async () => {
    const hostile = '</script><script>alert(1)</script><!-- </SCRIPT';
    fake().extraState = [{ queryKey: ['x'], state: { data: { name: hostile } } }];
    const html = (await t.app.inject({ method: 'GET', url: '/about' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/gi)?.length).toBe(html.match(/<script/gi)?.length);
    expect(stateOf(html)).toEqual({ queries: fake().extraState, mutations: [] });
    // A page drawn from no answers carries no state.
    fake().extraState = [];
    t.app.services.catalogue.invalidate();
    const plain = (await t.app.inject({ method: 'GET', url: '/about' })).body;
    expect(plain).toContain(`<div id="root" ${SERVER_RENDER.rootAttribute}="">`);
    expect(stateOf(plain)).toBeUndefined();
  });

  it('names the parts drawn in the page, escaped, and ignores an answer of another shape', async () => {
    fake().parts = ['ProductShelf', 'ProductShelf', 'Footer"><script>'];
    const html = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    expect(html).toContain(
      `<div id="root" ${SERVER_RENDER.rootAttribute}="ProductShelf ProductShelf Footer&quot;&gt;&lt;script&gt;">`,
    );
    // A renderer from another build answering something else: the browser draws the page.
    fake().parts = 'Footer' as unknown as string[];
    t.app.services.catalogue.invalidate();
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).toContain(
      '<div id="root"></div>',
    );
  });

  it('keeps a drawn page, for its address, until the catalogue changes', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/collection' });
    await t.app.inject({ method: 'GET', url: '/collection?sort=newest' });
    expect(fake().renders).toEqual(['/collection', '/collection?sort=newest']);
    t.app.services.catalogue.invalidate();
    await t.app.inject({ method: 'GET', url: '/collection' });
    expect(fake().renders).toEqual(['/collection', '/collection?sort=newest', '/collection']);
    // Several asking at once for a page not yet drawn share one render.
    t.app.services.catalogue.invalidate();
    await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/contact' })),
    );
    expect(fake().renders.filter((url) => url === '/contact')).toHaveLength(1);
  });

  it('sends a kept page as the very bytes it sent before, written anew once the catalogue changes', async () => {
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const first = await get('/collection');
    const again = await get('/collection');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('<p>drawn /collection</p>');
    // A current copy is still answered 304 from the kept page.
    const current = await t.app.inject({
      method: 'GET',
      url: '/collection',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(current.statusCode).toBe(304);
    // PUBLIC_URL names the one origin pages are written for, whatever Host a request names.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/collection',
      headers: { host: 'partner.example' },
    });
    expect(elsewhere.headers.etag).toBe(first.headers.etag);
    // A change to the catalogue draws the page again and writes it out again.
    fake().extraState = [{ queryKey: ['x'], state: { data: { changed: true } } }];
    t.app.services.catalogue.invalidate();
    const redrawn = await get('/collection');
    expect(redrawn.headers.etag).not.toBe(first.headers.etag);
    expect(brotliDecompressSync(redrawn.rawPayload).toString()).toContain('"changed":true');
  });

  it('sends a page the renderer cannot draw for the browser to draw, and tries again next time', async () => {
    fake().fail = () => true;
    const failed = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(failed).toContain('<div id="root"></div>');
    expect(failed).toContain('<link rel="preload" as="fetch" crossorigin href="/api/products');
    fake().fail = () => false;
    const drawn = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(drawn).toContain(
      `<div id="root" ${SERVER_RENDER.rootAttribute}=""><p>drawn /</p></div>`,
    );
    expect(fake().renders).toEqual(['/', '/']);
    // A render may only read: a write through its transport fails it.
    fake().reads = () => '/api/cart/add';
    fake().method = 'POST';
    const refused = (await t.app.inject({ method: 'GET', url: '/terms' })).body;
    expect(refused).toContain('<div id="root"></div>');
    expect(fake().answers).toEqual([]);
  });
});

describe('the Hindi shop (decision 086)', () => {
  const cookie = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie'] ?? '');

  it('serves /hi and the pages under it in Hindi: lang, words, and both addresses named', async () => {
    for (const [url, english] of [
      ['/hi', HOME_META],
      ['/hi/', HOME_META],
      ['/hi/collection?q=silk', COLLECTION_META],
      ['/hi/terms', TERMS_META],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      const hindi = hindiPageMeta(english);
      expect(html, url).toContain('<html lang="hi"');
      expect(html, url).toContain(`<title>${hindi.title}</title>`);
      expect(html, url).toContain(`<meta name="description" content="${hindi.description}" />`);
      expect(html, url).toContain('<meta property="og:locale" content="hi_IN" />');
      // Drawn by the renderer at its Hindi address, which tells it the language.
      expect(html, url).toContain(`<p>drawn ${url.replace(/&/g, '&amp;')}</p>`);
    }
    const collection = (await t.app.inject({ method: 'GET', url: '/hi/collection' })).body;
    expect(collection).toContain(
      '<link rel="canonical" href="https://pehnava.example/hi/collection" />',
    );
    expect(collection).toContain(
      '<link rel="alternate" hreflang="en-IN" href="https://pehnava.example/collection" />',
    );
    expect(collection).toContain(
      '<link rel="alternate" hreflang="hi-IN" href="https://pehnava.example/hi/collection" />',
    );
    expect(collection).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://pehnava.example/collection" />',
    );
  });

  it('names the Hindi page beside every English one, and keeps the English page English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.body).toContain('<html lang="en-IN"');
    expect(res.body).toContain(
      '<link rel="alternate" hreflang="hi-IN" href="https://pehnava.example/hi/about" />',
    );
    expect(res.body).toContain('<link rel="canonical" href="https://pehnava.example/about" />');
    // What an English address answers depends on the language cookie (below).
    expect(res.headers.vary).toMatch(/\bcookie\b/);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(`<title>${HOME_META.title}</title>`);
  });

  it("describes a product's Hindi page in Hindi, its name as the operators wrote it", async () => {
    const product = (await t.app.services.catalogue.snapshot()).products[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/hi/product/${product._id}` });
    const meta = productPageMetaHi(product);
    expect(res.body).toContain(`<title>${meta.title.replace(/&/g, '&amp;')}</title>`);
    expect(meta.title).toContain(product.name);
    expect(res.body).toContain(
      `<link rel="canonical" href="https://pehnava.example/hi/product/${product._id}" />`,
    );
  });

  it("keeps a switch's choice and goes on to the page in that language, without the parameter", async () => {
    const toHindi = await t.app.inject({
      method: 'GET',
      url: '/collection?sort=price-asc&language=hi&q=silk',
    });
    expect(toHindi.statusCode).toBe(303);
    expect(toHindi.headers.location).toBe('/hi/collection?sort=price-asc&q=silk');
    expect(cookie(toHindi)).toMatch(/^pehnava-lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(toHindi.headers['cache-control']).toBe('no-store');

    const toEnglish = await t.app.inject({
      method: 'GET',
      url: '/hi/product/abc?language=en',
      headers: { cookie: 'pehnava-lang=hi' },
    });
    expect(toEnglish.statusCode).toBe(303);
    expect(toEnglish.headers.location).toBe('/product/abc');
    expect(cookie(toEnglish)).toMatch(/^pehnava-lang=en;/);

    // Anything else in the parameter is no choice: the page is served as it is.
    const other = await t.app.inject({ method: 'GET', url: '/about?language=fr' });
    expect(other.statusCode).toBe(200);
    expect(cookie(other)).toBe('');
  });

  it('sends a browser that chose Hindi from an English address to its Hindi one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/about?x=1',
      headers: { cookie: 'other=1; pehnava-lang=hi' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/hi/about?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
    // A browser that chose English, or nothing, stays; a Hindi address is Hindi whatever was chosen.
    for (const headers of [{ cookie: 'pehnava-lang=en' }, {}]) {
      expect((await t.app.inject({ method: 'GET', url: '/about', headers })).statusCode).toBe(200);
    }
    const hindi = await t.app.inject({
      method: 'GET',
      url: '/hi/about',
      headers: { cookie: 'pehnava-lang=en' },
    });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain('<html lang="hi"');
    // The API is not a page: its answers never move.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/site',
      headers: { cookie: 'pehnava-lang=hi' },
    });
    expect(api.statusCode).toBe(200);
  });

  it('keeps the console English: under /hi it is sent to the console, and never to /hi', async () => {
    const moved = await t.app.inject({ method: 'GET', url: '/hi/admin/bookings?status=paid' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/admin/bookings?status=paid');
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/admin/today',
      headers: { cookie: 'pehnava-lang=hi' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain(`<title>${CONSOLE_META.title}</title>`);
    expect(chosen.body).not.toContain('hreflang');
  });
});
