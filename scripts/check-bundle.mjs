#!/usr/bin/env node
// The first page load's JavaScript budget (issue [B]): the entry script of apps/web/dist/index.html
// and every chunk it modulepreloads, gzipped, must stay within BUDGET bytes. Lazy chunks (other
// routes, below-the-fold sections, toasts) do not count. It also fails if any chunk carries zod.
// Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 100_000;
const dist = 'apps/web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
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
