#!/usr/bin/env node
// Holds this machine at a slower speed, to time the suite as a slower machine would run it
// (docs/benchmarks.md, "Issue [L] §4 at half speed"): one process per core, each spinning for
// DUTY of every 20 ms (default 0.3) until stopped. Calibrate with bare Fastify's hello-world
// (scripts/hello-server.mjs and wrk) while it runs.
//   node scripts/busy-loop.mjs 0.3 & node scripts/busy-loop.mjs 0.3 &   ...   pkill -f busy-loop.mjs
const duty = Number(process.argv[2] ?? 0.3);
if (!(duty > 0 && duty < 1)) {
  process.stderr.write(
    'usage: node scripts/busy-loop.mjs [duty, between 0 and 1; 0.3 by default]\n',
  );
  process.exit(2);
}
const PERIOD_MS = 20;
function spin() {
  const until = performance.now() + duty * PERIOD_MS;
  while (performance.now() < until);
  setTimeout(spin, (1 - duty) * PERIOD_MS);
}
spin();
