import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

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
 *   most of the network. One link a task: the three in one task took 2–7 ms on this host, which
 *   Lighthouse counts as blocking on the phone it means. Once the app has started (its template's
 *   links moved into the head), the rest are not needed.
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
const fetchEarly=(i=0)=>{const one=document.getElementById("app-scripts")?.content.querySelectorAll("link[data-early]")[i];if(!one)return;const link=document.createElement("link");link.rel="prefetch";if(one.rel==="stylesheet")link.as="style";else{link.as="script";link.crossOrigin=""}link.href=one.href;document.head.append(link);setTimeout(()=>fetchEarly(i+1))};
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
  if (!client) throw new Error("build/start-after-paint.ts found no chunk for React DOM's client");
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
export function compileHints(): Plugin {
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

export function startAfterFirstPaint(): Plugin {
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
          throw new Error('build/start-after-paint.ts found no entry script in index.html');
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
