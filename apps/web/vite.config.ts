import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { messageCatalogues } from './message-catalogues';

// React Router 7's package.json sends every build to its development files (dist/development),
// whose only difference is that its development warnings are on (ENABLE_DEV_WARNINGS = true):
// dead weight in every page's first script. The same version's production files sit beside them.
// (Upstream: remix-run/react-router issues 12532 and 14102.)
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * React Router is one module, and it declares its components as `X = React.forwardRef(...)`
 * followed by `X.displayName = "X"`: a call the bundler cannot know is pure and a property write,
 * so Form, useSubmit, Link, NavLink and the route-module prefetching behind them stay in the first
 * script although this app uses none of them (its links are lib/link.tsx). forwardRef has no side
 * effects and displayName is only for React's developer tools, so this marks the one pure and
 * drops the other, in React Router's files only. Line numbers are kept, so its source map holds.
 * If React Router's code changes shape, the build stops here rather than silently growing.
 */
function shakeReactRouter(): Plugin {
  const FORWARD_REF = /= (React\d*)\.forwardRef\(/g;
  const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  return {
    name: 'pehnava:shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-/.test(id)) return null;
      if (!code.includes('.forwardRef(')) return null;
      const marked = code.replace(FORWARD_REF, '= /* @__PURE__ */ $1.forwardRef(');
      const shaken = marked.replace(DISPLAY_NAME, '');
      if (marked === code || shaken === marked) {
        this.error(
          `React Router's ${id} no longer matches what vite.config.ts's shakeReactRouter expects`,
        );
      }
      return { code: shaken, map: null };
    },
  };
}

/**
 * Each Lucide icon's module builds its component at the top (`X = createLucideIcon(__iconData)`),
 * a call the bundler cannot know is pure, so importing only an icon's drawing (`__iconData`, as
 * components/ui/glyph.tsx does for the first page's icons) would still bring Lucide's builder into
 * the first script. The call has no side effects; this marks it so, in Lucide's icon files only.
 * If their shape changes, the build stops here rather than silently growing.
 */
function lucideIconsPure(): Plugin {
  const CREATE = /= createLucideIcon\(/;
  return {
    name: 'pehnava:lucide-icons-pure',
    apply: 'build',
    transform(code, id) {
      const icon =
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^\\/]+)\.mjs(\?drawing)?$/.exec(id);
      // index.mjs names them all; each of the others is one icon.
      if (!icon || icon[1] === 'index') return null;
      if (!CREATE.test(code)) {
        this.error(
          `Lucide's ${id} no longer matches what vite.config.ts's lucideIconsPure expects`,
        );
      }
      return { code: code.replace(CREATE, '= /* @__PURE__ */ createLucideIcon('), map: null };
    },
  };
}

/**
 * When the app's scripts load (issues [L] §1 and [M] §1, decisions 060 and 077). The build's entry
 * `<script type="module" src>` and its modulepreloads move into `<template id="app-scripts">`,
 * where they are inert; the server adds each page's own chunks there too
 * (modules/site/page-meta.ts). A small inline module, BOOT, puts them into the head and imports
 * the entry (`start`) at one of three moments:
 *
 * - **At once**, for a page the server did not draw (the operator console's).
 * - **After the first paint**, for a drawn page in a browser that keeps something of the shop's
 *   (a session, a delivery PIN code: a `pehnava.` key in localStorage), or whose page asks for the
 *   app (`[data-needs-app]`, e.g. a page that depends on the session): the page as drawn is not
 *   yet this shopper's. It waits for the first contentful paint and the page's picture (its first
 *   `fetchpriority="high"` image), two frames later; in a hidden tab, or START_BY_MS after the
 *   page is parsed, it starts anyway.
 * - **At the shopper's first sign**, for a drawn page on a first visit (nothing kept): what the
 *   server drew is then exactly what the app would draw, links and all, so no script runs before
 *   it is needed. A sign is a press, a key, a mouse moving, a wheel, a scroll or a focus; a press
 *   on a link is not one (the link opens the next page as HTML), nor the move of no distance the
 *   browser makes up under a resting pointer as the page lays out. A drawn part that needs the app
 *   at a moment of its own says so with a CSS animation named `needs-app`, whose end starts it
 *   (the hero's first slide, when its time is up). Meanwhile, once the page has loaded, the two
 *   scripts every page runs first (the entry and React DOM's client, most of the bytes) and the
 *   whole stylesheet are fetched into the browser's cache (`<link rel="prefetch">`, not
 *   modulepreload, which would compile them on the main thread), so the sign does not wait for
 *   most of the network.
 *
 * A drawn page carries only the rules of the stylesheet its HTML uses (decision 078); the server
 * puts the whole stylesheet's link in the template, and `start` waits for it to load (or fail)
 * before it runs the app, so nothing the app draws is drawn without its rules.
 *
 * Until the app has taken a drawn page over (main.tsx, lib/hydration.tsx), the page is inert: a
 * tap on a button that has no handler yet would be lost. The press that started the app is
 * marked (`data-pressed-before-start`, "released" once let go): let go before the page is taken
 * over, it is given again to its element then; still held, the mark goes and the browser's own
 * click follows the release. Without JavaScript nothing makes the page inert, and its links work.
 */
const START_BY_MS = 1_500;
const BOOT = `let start=()=>{start=()=>{};const scripts=document.getElementById("app-scripts");const sheet=scripts?.content.querySelector("link[rel=stylesheet]");if(scripts)document.head.append(scripts.content);
if(!sheet)return import(ENTRY);let run=()=>{run=()=>{};import(ENTRY)};sheet.addEventListener("load",()=>run());sheet.addEventListener("error",()=>run())};
const drawn=document.querySelector("#root[data-server-rendered]");
let kept=false;try{for(let i=0;i<localStorage.length;i++)if(localStorage.key(i).startsWith("pehnava."))kept=true}catch{}
const afterPaint=()=>{drawn.inert=true;const picture=document.querySelector("#root img[fetchpriority=high]");
let waiting=picture&&!picture.complete?2:1;
const ready=()=>{if(--waiting===0)requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>start())))};
if(document.visibilityState!=="visible")return start();
setTimeout(()=>start(),${START_BY_MS});
if(waiting===2){picture.addEventListener("load",ready);picture.addEventListener("error",ready)}
if(PerformanceObserver.supportedEntryTypes.includes("paint"))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();ready()}}).observe({type:"paint",buffered:true});
else ready()};
const signs=["pointerdown","touchstart","pointermove","keydown","wheel","scroll","focusin","animationend"];
const sign=(event)=>{const type=event.type,target=event.target;
if(type==="pointermove"&&(event.pointerType!=="mouse"||!(event.movementX||event.movementY)))return;
if(type==="animationend"&&event.animationName!=="needs-app")return;
if(type==="pointerdown"||type==="touchstart"){if(target.closest("a[href]"))return;
const pressed=target.closest("button,input,select,textarea,label,summary,[role=button],[tabindex]");
if(pressed){pressed.setAttribute("data-pressed-before-start","");
addEventListener("pointerup",()=>{if(pressed.hasAttribute("data-pressed-before-start"))pressed.setAttribute("data-pressed-before-start","released")},{capture:true,once:true});
addEventListener("pointercancel",()=>pressed.removeAttribute("data-pressed-before-start"),{capture:true,once:true})}}
for(const each of signs)removeEventListener(each,sign,true);
drawn.inert=true;start()};
if(!drawn)start();
else if(kept||drawn.querySelector("[data-needs-app]"))afterPaint();
else{for(const each of signs)addEventListener(each,sign,{capture:true,passive:true});
const fetchEarly=()=>{for(const early of document.getElementById("app-scripts")?.content.querySelectorAll("link[data-early]")??[]){const link=document.createElement("link");link.rel="prefetch";if(early.rel==="stylesheet")link.as="style";else{link.as="script";link.crossOrigin=""}link.href=early.href;document.head.append(link)}};
if(document.readyState==="complete")fetchEarly();else addEventListener("load",()=>setTimeout(fetchEarly),{once:true})}`;

/**
 * The chunks main.tsx imports as it starts, not at its top (React DOM's client, run in a task of
 * its own): every page needs them at once, so they are preloaded with the first script, and
 * scripts/check-bundle.mjs counts them in the first load's budget, as it counts what the entry
 * imports. The build stops if it cannot find React DOM's client chunk.
 */
const isReactDomClient = (chunk: Pick<Rollup.OutputChunk, 'moduleIds'>) =>
  chunk.moduleIds.some((id) => /[\\/]react-dom[\\/]client\.js$/.test(id));

function startedWith(bundle: Rollup.OutputBundle | undefined): string[] {
  const client = Object.values(bundle ?? {}).find(
    (file): file is Rollup.OutputChunk =>
      file.type === 'chunk' && file.isDynamicEntry && isReactDomClient(file),
  );
  if (!client) throw new Error("vite.config.ts found no chunk for React DOM's client");
  return [client.fileName];
}

/**
 * V8's explicit compile hint (Chrome 136 on; other engines ignore a comment): a file whose first
 * line is this has every function compiled as the file streams in, on a background thread, rather
 * than each on the main thread when first called. For the scripts every page runs as it starts
 * (the entry and React DOM's client, most of whose functions hydration calls), that is work taken
 * out of the page's longest task; lazily loaded chunks keep V8's own choice.
 */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Puts COMPILE_ALL_ON_LOAD on the first line of the entry and of React DOM's client as they are
 * written (after Vite has put its preload table at the top of the entry), and moves their source
 * maps down the one line. Before precompress, which compresses what is written.
 */
function compileHints(): Plugin {
  return {
    name: 'pehnava:compile-hints',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir;
        if (!outDir) return;
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !(file.isEntry || isReactDomClient(file))) continue;
          file.code = `${COMPILE_ALL_ON_LOAD}\n${file.code}`;
          await writeFile(join(outDir, file.fileName), file.code);
          if (!file.sourcemapFileName) continue;
          const mapPath = join(outDir, file.sourcemapFileName);
          const map = JSON.parse(await readFile(mapPath, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          await writeFile(mapPath, JSON.stringify(map));
        }
      },
    },
  };
}

function startAfterFirstPaint(): Plugin {
  const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
  const PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">\s*/g;
  return {
    name: 'pehnava:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const entry = ENTRY.exec(html);
        if (!entry) {
          throw new Error(
            "vite.config.ts's startAfterFirstPaint found no entry script in index.html",
          );
        }
        // `data-early`: the scripts every page runs first (the entry and React DOM's client),
        // which a first visit fetches into the cache once the page has loaded (BOOT).
        const preloads = [
          `<link rel="modulepreload" crossorigin href="${entry[1]}" data-early>`,
          ...[...html.matchAll(PRELOAD)].map((m) => m[0].trim()),
          ...startedWith(bundle).map(
            (file) => `<link rel="modulepreload" crossorigin href="/${file}" data-early>`,
          ),
        ];
        const boot = BOOT.replaceAll('\n', '').replaceAll('ENTRY', JSON.stringify(entry[1]));
        return html
          .replace(PRELOAD, '')
          .replace(
            entry[0],
            `<template id="app-scripts">${preloads.join('')}</template>\n    <script type="module">${boot}</script>\n    `,
          );
      },
    },
  };
}

/**
 * Issue [M] §3: each built script, stylesheet and WebAssembly module is written beside itself
 * compressed, as brotli
 * (quality 11, the slowest and smallest: done once per build) and gzip (level 9), so the server
 * sends them as they are, from memory, with no work per request (apps/api/src/plugins/web.ts).
 * Source maps, and files too small to gain, are left alone.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|css|svg|json|wasm)$/;
  const MIN_BYTES = 1024;
  return {
    name: 'pehnava:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName)) return;
          const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (body.length < MIN_BYTES) return;
          const path = join(outDir, file.fileName);
          await writeFile(
            `${path}.br`,
            brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
        }),
      );
    },
  };
}

/** Pehnava's mark: a cream P on plum (public/favicon.svg draws the same on a rounded tile). */
const MARK_PATHS =
  '<path d="M22 48V16h12c7 0 11 4 11 10s-4 10-11 10h-6v12z" fill="#f4d58d"/><path d="M28 22v8h5c3 0 5-1.5 5-4s-2-4-5-4z" fill="#7a1f3d"/>';
const THEME_COLOUR = '#7a1f3d';
const BACKGROUND_COLOUR = '#fdfaf4';

/**
 * The app's icons (issue [P] §4), drawn from the mark at build with sharp into PNGs at the sizes
 * phones ask for: 192 and 512 for the home screen and splash (the favicon's rounded tile), a 512
 * maskable one whose plum fills the square and whose mark sits well inside the safe circle (a
 * phone cuts it to its own shape), and Apple's 180 touch icon, square (iOS rounds it).
 */
export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', tile: 'rounded' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', tile: 'rounded' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable', tile: 'full' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'apple', tile: 'full' },
] as const;

function appIcons(): Plugin {
  const svg = (tile: 'rounded' | 'full') =>
    tile === 'rounded'
      ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME_COLOUR}"/>${MARK_PATHS}</svg>`
      : // The mark at 70 % about the middle: its farthest corner is 27 % of the side from the
        // middle, inside the maskable safe circle's 40 %.
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOUR}"/><g transform="translate(32 32) scale(0.7) translate(-33.5 -32)">${MARK_PATHS}</g></svg>`;
  return {
    name: 'pehnava:app-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of APP_ICONS) {
        const source = await sharp(Buffer.from(svg(icon.tile)), { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source });
      }
    },
  };
}

/**
 * The web app manifest and the service worker (issue [P] §4, decision 084). The worker is
 * src/sw/sw.ts, built by vite-plugin-pwa with Workbox into /sw.js; it precaches only
 * what the offline page needs (the page, the icons) and caches the rest as it is used
 * (src/sw/policy.ts). main.tsx registers it once the app has started.
 */
function installableShop(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['offline.html', 'favicon.svg', 'icons/*.png'],
      sourcemap: false,
    },
    manifest: {
      id: '/',
      name: 'Pehnava · Occasion wear on rent',
      short_name: 'Pehnava',
      description:
        'Rent wedding and occasion wear for 2 to 14 days. No deposit, cleaned and quality-checked, delivered to your door.',
      lang: 'en-IN',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      categories: ['shopping', 'lifestyle'],
      icons: APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
        src: `/${icon.file}`,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    messageCatalogues(),
    react(),
    tailwindcss(),
    shakeReactRouter(),
    lucideIconsPure(),
    startAfterFirstPaint(),
    // The server build's files are loaded by the server, never sent.
    ...(isSsrBuild ? [] : [compileHints(), precompress(), appIcons(), ...installableShop()]),
  ],
  resolve: {
    alias: [
      {
        find: '@pehnava/shared',
        replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      },
      { find: /^react-router$/, replacement: reactRouterProduction },
      // An icon's drawing without its component (components/ui/glyph.tsx).
      // A module of its own (the query), so the icon's component, which other chunks import from
      // its plain module, is not built in the first script because its drawing is there.
      { find: /^lucide-drawing\/(.+)$/, replacement: 'lucide-react/dist/esm/icons/$1.mjs?drawing' },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets the server preload each page's own chunks (apps/api/src/modules/site).
    manifest: true,
    // Every browser the es2022 target admits supports <link rel="modulepreload">; Vite's
    // polyfill for the others would only add to the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // TanStack Query as one chunk: every page that reads data needs nearly all of it,
              // and left to itself the bundler cuts it into four files by who imports what, each
              // one more request on the page. Its dependency (React) stays where it is. Not
              // useQueries and its observer: only the console uses them (decision 053).
              name: 'query',
              test: (id) =>
                /[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]lib[\\/]queries\.tsx$/.test(
                  id,
                ) && !/[\\/](useQueries|queriesObserver)\.js$/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
