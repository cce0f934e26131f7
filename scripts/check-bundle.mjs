#!/usr/bin/env node
// The first page load's JavaScript budget (issue [B]): the entry script of apps/web/dist/index.html
// and every chunk it modulepreloads, gzipped, must stay within BUDGET bytes. Lazy chunks (other
// routes, below-the-fold sections, the query client, toasts) do not count. It also fails if any
// chunk carries zod, and if the operator console splits a chunk out of the shop's (decision 053:
// see findConsoleSplits in apps/api/src/modules/site/route-chunks.ts, which the server's
// preloads come from too). Run after `npm run build` (it reads the API's build for that check).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findConsoleSplits } from '../apps/api/dist/modules/site/route-chunks.js';

// Issue [L] §1: 90 KB (it was 100 KB; the first script is about 87 KB since the query client,
// React Router's development build and its unused components left it).
const BUDGET = 90_000;
const dist = 'apps/web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// The first script is preloaded and imported by the inline script that starts the app after the
// first paint (apps/web/build/start-after-paint.ts); a build without it would have a src.
const files = [
  ...new Set(
    [
      ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
      ...html.matchAll(/\bimport\("([^"]+)"\)/g),
    ].map((m) => m[1]),
  ),
];
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${file}: ${size.toLocaleString('en-IN')} bytes gzipped`);
}
console.log(
  `initial JavaScript for /: ${total.toLocaleString('en-IN')} of ${BUDGET.toLocaleString('en-IN')} bytes`,
);
if (files.length === 0 || total > BUDGET) {
  console.error(
    files.length === 0
      ? 'No scripts found in index.html'
      : 'Over budget: split by route or defer below-the-fold code.',
  );
  process.exit(1);
}

// The browser uses the contracts' types only: zod in any chunk means a runtime value was taken
// from a contracts module (keep such values in constants/ or pricing/).
const withZod = readdirSync(join(dist, 'assets')).filter(
  (file) =>
    file.endsWith('.js') &&
    /\$ZodType|ZodError/.test(readFileSync(join(dist, 'assets', file), 'utf8')),
);
if (withZod.length > 0) {
  console.error(`zod is in the web app's JavaScript: ${withZod.join(', ')}`);
  process.exit(1);
}
console.log('no zod in any chunk');

// The operator console must not change how the shop's pages load (decision 053): a module both
// import leaves the shop's chunk for one of its own, one more file for the shop's pages to fetch.
const splits = findConsoleSplits(
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')),
);
if (splits.length > 0) {
  for (const split of splits) {
    const where = split.routes.length > 0 ? `preloaded by ${split.routes.join(', ')}` : 'lazy';
    console.error(
      `${split.file} (${where}) is split out of ${split.otherwiseIn} only because the console ` +
        `imports it too (${split.consoleModules.join(', ')})`,
    );
  }
  console.error(
    "The console imports code the shop's pages hold: give the console its own (decision 053).",
  );
  process.exit(1);
}
console.log("the console splits nothing out of the shop's chunks");
