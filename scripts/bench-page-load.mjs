#!/usr/bin/env node
// `npm run bench:page-load`: what a shopper's first visit costs the server and the network (issue
// [M] §3). Starts the built server on PGlite with a fresh data directory (and, with
// BENCH_BASELINE, another built checkout's server the same way), then loads each page in a fresh
// Chromium context (nothing cached: a first visit) again and again, builds interleaved, and
// reports per page load the server's CPU time (user + system, from /proc) and the bytes the
// browser received, medians of the rounds. Every page is loaded once first, so images drawn on
// first request and pages drawn on the server are there before the rounds.
//
// Options (environment): BENCH_ROUNDS (5), BENCH_LOADS (10 loads of each page per round),
// BENCH_BASELINE (a built checkout to measure beside this one), CHROME_PATH (/usr/bin/chromium).
import {
  FIRST_VISIT_PAGES,
  cpuSeconds,
  firstVisitBench,
  markdownTable,
  median,
} from './bench-lib.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const loads = Number(process.env.BENCH_LOADS ?? 10);
const baseline = process.env.BENCH_BASELINE;
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** One first visit: a fresh context, the page until the network is quiet; the bytes received. */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  let bytes = 0;
  const sizes = [];
  page.on('requestfinished', (request) => sizes.push(request.sizes().catch(() => undefined)));
  await page.goto(url, { waitUntil: 'networkidle' });
  for (const size of await Promise.all(sizes)) {
    if (size) bytes += size.responseBodySize + size.responseHeadersSize;
  }
  await context.close();
  return bytes;
}

await firstVisitBench(
  { prefix: 'page-load', port: 3371, baseline, chromePath },
  async (browser, targets) => {
    const results = new Map();
    for (const t of targets) for (const path of t.paths) await visit(browser, t.origin + path);
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index] of targets[0].paths.entries()) {
        for (const t of targets) {
          const path = t.paths[index];
          const before = cpuSeconds(t.child.pid);
          let bytes = 0;
          for (let i = 0; i < loads; i += 1) bytes += await visit(browser, t.origin + path);
          const cpuMs = ((cpuSeconds(t.child.pid) - before) * 1000) / loads;
          const key = `${t.name}|${index}`;
          if (!results.has(key)) results.set(key, { cpu: [], bytes: [] });
          results.get(key).cpu.push(cpuMs);
          results.get(key).bytes.push(bytes / loads);
          console.log(
            `round ${round} ${t.name} ${path}: ${cpuMs.toFixed(2)} ms of server CPU, ${Math.round(bytes / loads)} bytes per load`,
          );
        }
      }
    }
    const rows = targets.flatMap((t) =>
      FIRST_VISIT_PAGES.map((label, index) => {
        const r = results.get(`${t.name}|${index}`);
        return [
          t.name,
          label,
          median(r.cpu).toFixed(2),
          Math.round(median(r.bytes)).toLocaleString('en-IN'),
        ];
      }),
    );
    console.log(
      `\nFirst visits, ${loads} per page per round, ${rounds} rounds, medians (412 px wide, fresh context each):\n`,
    );
    console.log(
      markdownTable(
        ['server', 'page', 'server CPU ms per load', 'bytes received per load'],
        ['l', 'l', 'r', 'r'],
        rows,
      ),
    );
  },
);
