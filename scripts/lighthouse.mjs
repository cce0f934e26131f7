#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse performance (mobile) for /, /collection and one product page.
// Starts the built server (apps/api/dist/server.js) on a free port with a fresh PGlite data
// directory, runs Lighthouse's mobile config (mobile emulation, simulated throttling) against
// Debian's Chromium, interleaves the pages over the rounds and quotes the median of each figure.
//
// The CPU slowdown is calibrated to this host (issue [M] §1). Lighthouse's mobile preset (4×)
// assumes a desktop with a benchmark index of about 1,500; on a faster host 4× emulates a faster
// phone than the preset means. Runs after the warm-up measure the host's benchmark index
// (Lighthouse's own, BenchmarkIndex), and every measured run uses Lighthouse's calculator formula
// on their median: 3 + (index − 1300) / 233, at least 4. Every figure is reported with that index and
// multiplier, and each run with its own index.
// Prints a table and what costs the most score, and writes the "Lighthouse (mobile)" section of
// docs/benchmarks.md between <!-- lighthouse:start --> and <!-- lighthouse:end -->.
//
// Run after a build (`npm run lighthouse` builds first), or `node scripts/lighthouse.mjs`.
// Options (environment): LIGHTHOUSE_RUNS (default 5), CHROME_PATH (default /usr/bin/chromium),
// LIGHTHOUSE_SAVE_DIR (a folder: each measured run's full report is written there as JSON),
// LIGHTHOUSE_CPU_MULTIPLIER (a fixed slowdown instead of the calibrated one, for comparing two
// builds at one multiplier; the index is still measured and reported), LIGHTHOUSE_NO_DOC=1 (print
// only; docs/benchmarks.md is left alone), LIGHTHOUSE_PAGES (comma-separated labels to measure:
// home, collection, product).
// Exits 0 when it ran, even if a target is missed (a warning says which); non-zero when the server
// or Chromium could not start. Never downloads a browser.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const fixedMultiplier = process.env.LIGHTHOUSE_CPU_MULTIPLIER
  ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER)
  : null;
const writeDoc = process.env.LIGHTHOUSE_NO_DOC !== '1';
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const startTimeoutMs = 60_000;
const docFile = 'docs/benchmarks.md';
const startMarker = '<!-- lighthouse:start -->';
const endMarker = '<!-- lighthouse:end -->';
const targetScore = 95;
const homeBudgetBytes = 500 * 1000;
const targetTbtMs = 200;
const targetLcpMs = 2000;

/** Where a start-up problem gets a clear message and a non-zero exit rather than a stack. */
class StartError extends Error {}

/** A port the OS says is free right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Spawn the built API server (which also serves apps/web/dist); resolves once /api/health is 200. */
async function startServer(port, dataDir, cwd = process.cwd()) {
  // NODE_ENV stays unset (development): production requires JWT_SECRET and SMTP_URL.
  const { NODE_ENV: _unused, ...env } = process.env;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = signal ?? `code ${code}`;
  });
  child.on('error', (err) => {
    exited = err.message;
  });
  const health = `http://127.0.0.1:${port}/api/health`;
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new StartError(`The server exited before it was ready (${exited}).`);
    try {
      if ((await fetch(health)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new StartError(
    `The server did not answer 200 on ${health} within ${startTimeoutMs / 1000} s.`,
  );
}

/** Stop the server, waiting (briefly) for it to exit so its data directory can be removed. */
async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The first available product's page, from the catalogue the server seeded. */
async function pickProductPath(origin) {
  const res = await fetch(`${origin}/api/product/list`);
  if (!res.ok) throw new StartError(`GET /api/product/list answered ${res.status}.`);
  const { products } = await res.json();
  const product = products?.find((p) => p.isAvailable === true);
  if (!product) throw new StartError('The catalogue has no available product to measure.');
  return `/product/${product._id}`;
}

function chromiumVersion() {
  try {
    const out = execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString().trim().split('\n').at(-1);
  } catch (err) {
    throw new StartError(`Could not run ${chromePath} --version: ${err.message}`);
  }
}

function lighthouseVersion() {
  const url = new URL('../node_modules/lighthouse/package.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')).version;
}

async function launchChrome() {
  try {
    return await chromeLauncher.launch({
      chromePath,
      chromeFlags,
      logLevel: 'silent',
      handleSIGINT: false,
    });
  } catch (err) {
    throw new StartError(`Chromium (${chromePath}) could not start: ${err.message}`);
  }
}

/**
 * One Lighthouse navigation; returns the LHR. A run whose trace could not be recorded (Chromium's
 * NO_NAVSTART and the like, seen now and then on a busy machine) says nothing about the page, so it
 * is tried again, up to 3 times.
 */
async function runLighthouse(url, multiplier) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, multiplier);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(err.message)) throw err;
      console.log(`  (${err.message.split(' ')[1]}: trying ${url} again)`);
    }
  }
}

/**
 * One Lighthouse navigation in a fresh Chromium at the given CPU slowdown (the rest of the mobile
 * preset's throttling as it is); returns the LHR.
 */
async function runLighthouseOnce(url, multiplier) {
  const chrome = await launchChrome();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { cpuSlowdownMultiplier: multiplier },
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(
        `Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    }
    const used = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (used !== multiplier) throw new Error(`Lighthouse ran at ${used}×, not ${multiplier}×`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The figures one run contributes to the table. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const script = summary.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    bytes: audit('total-byte-weight'),
    js: script?.transferSize ?? 0,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    multiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
  };
}

/**
 * Lighthouse's calculator (docs/throttling.md, "CPU throttling"): the slowdown that makes this
 * host behave like the mid-range phone of the mobile preset, never below the preset's own 4×.
 * Rounded to a tenth so that a run's settings read plainly.
 */
export function calibratedMultiplier(benchmarkIndex) {
  return Math.max(4, Math.round((3 + (benchmarkIndex - 1300) / 233) * 10) / 10);
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function medians(samples) {
  return Object.fromEntries(
    Object.keys(samples[0]).map((key) => [key, median(samples.map((s) => s[key]))]),
  );
}

/** Points each metric loses (weight × (1 − score)), then the opportunities with the most savings. */
function costs(lhr) {
  const refs = lhr.categories.performance.auditRefs;
  const lost = refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({
      id: ref.id,
      points: ref.weight * (1 - (lhr.audits[ref.id].score ?? 0)),
      value: lhr.audits[ref.id].displayValue,
    }))
    .filter((m) => m.points >= 0.5)
    .sort((a, b) => b.points - a.points);
  const findings = refs
    .filter((ref) => ref.weight === 0 && ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      const savings = a.metricSavings ?? {};
      const ms = a.details?.overallSavingsMs ?? 0;
      return {
        id: a.id,
        value: a.displayValue ?? '',
        savings: Object.entries(savings)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`}`)
          .join(', '),
        weight: Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0, ms),
      };
    })
    .filter((f) => f.weight > 0 || f.savings)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 5);
  const lcpElement =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0];
  return { lost, findings, lcpNode: lcpElement?.node?.snippet ?? lcpElement?.node?.selector };
}

function printCosts(page, lhr) {
  const { lost, findings, lcpNode } = costs(lhr);
  console.log(`\n${page} (run scoring ${Math.round(lhr.categories.performance.score * 100)}):`);
  for (const m of lost) console.log(`  -${m.points.toFixed(1)} points: ${m.id} (${m.value})`);
  for (const f of findings) {
    const details = [f.value, f.savings && `savings ${f.savings}`].filter(Boolean).join('; ');
    console.log(`  ${f.id}${details ? `: ${details}` : ''}`);
  }
  if (lcpNode) console.log(`  LCP element: ${lcpNode}`);
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes) => `${Math.round(bytes / 1000).toLocaleString('en-IN')} KB`;

/** A markdown table laid out as Prettier lays it out, so `prettier --check` stays clean. */
function markdownTable(header, align, rows) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const cell = (text, i) => (align[i] === 'r' ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

function resultsTable(pages) {
  const header = [
    'page',
    'benchmark index',
    'CPU slowdown',
    'performance',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'Speed Index',
    'bytes transferred',
    'JS transferred',
  ];
  const rows = pages.map(({ label, m }) => [
    label,
    String(Math.round(m.benchmarkIndex)),
    `${m.multiplier}×`,
    String(Math.round(m.score)),
    seconds(m.fcp),
    seconds(m.lcp),
    `${Math.round(m.tbt)} ms`,
    m.cls.toFixed(3),
    seconds(m.si),
    kb(m.bytes),
    kb(m.js),
  ]);
  return markdownTable(header, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'], rows);
}

/** The target lines; also returns the warnings for the ones missed. */
function targetLines(pages) {
  const home = pages.find((p) => p.path === '/');
  const low = pages.filter((p) => p.m.score < targetScore);
  const high = pages.filter((p) => p.m.score >= targetScore);
  // As displayed: a shift that rounds to 0.000 is not counted.
  const shifted = pages.filter((p) => p.m.cls >= 0.0005);
  const list = (ps) => ps.map((p) => `${p.label} (${Math.round(p.m.score)})`).join(', ');
  const scoreLine =
    `Performance ≥ ${targetScore}: ` +
    [high.length ? `met for ${list(high)}` : '', low.length ? `not met for ${list(low)}` : '']
      .filter(Boolean)
      .join('; ') +
    '.';
  const bytesMet = !home || home.m.bytes <= homeBudgetBytes;
  const bytesLine = home
    ? `≤ ${homeBudgetBytes / 1000} KB loaded by /: ${bytesMet ? 'met' : 'not met'} (${kb(home.m.bytes)}).`
    : '';
  const slowTbt = pages.filter((p) => p.m.tbt > targetTbtMs);
  const tbtLine =
    `TBT ≤ ${targetTbtMs} ms: ${slowTbt.length ? 'not met' : 'met'}, ` +
    pages.map((p) => `${Math.round(p.m.tbt)} ms on ${p.label}`).join(', ') +
    '.';
  const slowLcp = pages.filter((p) => p.m.lcp > targetLcpMs);
  const lcpLine =
    `LCP ≤ ${seconds(targetLcpMs)}: ${slowLcp.length ? 'not met' : 'met'}, ` +
    pages.map((p) => `${seconds(p.m.lcp)} on ${p.label}`).join(', ') +
    '.';
  const clsLine =
    `No layout shift: ${shifted.length ? 'not met' : 'met'}, CLS = ` +
    pages.map((p) => `${p.m.cls.toFixed(3)} on ${p.label}`).join(', ') +
    '.';
  const warnings = [];
  if (low.length) warnings.push(`performance below ${targetScore} on ${list(low)}`);
  if (!bytesMet) warnings.push(`/ loads ${kb(home.m.bytes)}, over ${homeBudgetBytes / 1000} KB`);
  if (shifted.length) warnings.push(`layout shift on ${shifted.map((p) => p.label).join(', ')}`);
  if (slowTbt.length)
    warnings.push(`TBT over ${targetTbtMs} ms on ${slowTbt.map((p) => p.label).join(', ')}`);
  if (slowLcp.length)
    warnings.push(`LCP over ${seconds(targetLcpMs)} on ${slowLcp.map((p) => p.label).join(', ')}`);
  return { lines: [scoreLine, tbtLine, lcpLine, bytesLine, clsLine].filter(Boolean), warnings };
}

/** The median benchmark index of the pages' measured runs. */
const measuredIndex = (pages) =>
  median(pages.flatMap((p) => p.lhrs.map(figures)).map((f) => f.benchmarkIndex));

function section(pages, versions, lines, calibration, baseline) {
  const date = new Date().toISOString().slice(0, 10);
  const benchmarkIndex = measuredIndex(pages);
  const each = (list) =>
    list
      .map((p) => `${p.label} ${p.lhrs.map((l) => `${runLine(figures(l))}`).join(' ')}`)
      .join('; ');
  return [
    startMarker,
    '',
    '## Lighthouse (mobile)',
    '',
    `\`npm run lighthouse\` on ${date}: Lighthouse ${versions.lighthouse}, ${versions.chromium}, headless; ` +
      `Lighthouse's mobile emulation with simulated throttling, performance category only; ` +
      `the built server on PGlite with its seed catalogue, on ${plural(cpus().length, 'core')} shared with the browser. ` +
      `CPU slowdown ${calibration.multiplier}×: ${calibration.how}; the measured runs' own benchmark index ` +
      `had a median of ${Math.round(benchmarkIndex)}. Each page is loaded to warm up, then ` +
      `${plural(runs, 'run')} in interleaved rounds, a fresh browser per run; each figure is the median of the ` +
      `${plural(runs, 'run')} (1 KB = 1,000 bytes, as transferred). The product page is the first available product.`,
    '',
    resultsTable(pages),
    '',
    ...lines.flatMap((line) => [line, '']),
    `Each run (score / LCP s / TBT ms / benchmark index): ${each(pages)}.`,
    '',
    ...(baseline
      ? [
          `Side by side in the same run, interleaved with the pages above, ${baseline.name}:`,
          '',
          resultsTable(baseline.pages),
          '',
          `Each run: ${each(baseline.pages)}.`,
          '',
        ]
      : []),
    endMarker,
  ].join('\n');
}

function writeSection(text) {
  let doc;
  try {
    doc = readFileSync(docFile, 'utf8');
  } catch {
    doc = "# Benchmarks\n\nFigures measured on the project's own machines with its own scripts.\n";
  }
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker, start);
  doc =
    start !== -1 && end !== -1
      ? `${doc.slice(0, start)}${text}${doc.slice(end + endMarker.length)}`
      : `${doc.trimEnd()}\n\n${text}\n`;
  writeFileSync(docFile, doc.endsWith('\n') ? doc : `${doc}\n`);
}

const runLine = (f) =>
  `${f.score}/${(f.lcp / 1000).toFixed(1)}/${Math.round(f.tbt)}/${Math.round(f.benchmarkIndex)}`;

/**
 * Warm every page up (at the preset's 4×), then read the host's benchmark index from further runs
 * over the pages, once the server and the browser are warm: at least 5 readings, their median, and
 * the multiplier it calls for. The first runs read the host as slower than it is (the server's
 * first requests, a cold browser share the cores with the benchmark): on one host the warm-up
 * read 1,608–2,104 and the measured runs 2,632, which called 4.6× where 8.6× was due.
 */
async function calibrate(targets) {
  const all = targets.flatMap((t) => t.pages.map((page) => ({ t, page })));
  const read = async (label, count) => {
    const indices = [];
    for (let i = 0; i < count; i += 1) {
      const { t, page } = all[i % all.length];
      const lhr = await runLighthouse(t.origin + page.path, 4);
      const index = lhr.environment?.benchmarkIndex;
      if (Number.isFinite(index)) indices.push(index);
      console.log(`${label} ${t.name} ${page.label}: benchmark index ${Math.round(index)}`);
    }
    return indices;
  };
  const cold = await read('warm-up', all.length);
  const indices = await read('calibration', Math.max(5, all.length));
  if (!indices.length) throw new StartError('Lighthouse reported no benchmark index.');
  const index = median(indices);
  const sorted = [...indices].sort((a, b) => a - b).map(Math.round);
  const readings = `${sorted.join(', ')}: ${Math.round(index)}; the first, cold runs read ${cold.map(Math.round).join(', ')}`;
  if (fixedMultiplier !== null) {
    return {
      multiplier: fixedMultiplier,
      how: `fixed by LIGHTHOUSE_CPU_MULTIPLIER (the warm runs' benchmark index ${readings}, would call for ${calibratedMultiplier(index)}×)`,
    };
  }
  return {
    multiplier: calibratedMultiplier(index),
    how: `calibrated to the host, 3 + (index − 1300) / 233 (at least 4), on the median benchmark index of the warm calibration runs (${readings})`,
  };
}

async function measure(targets, multiplier) {
  for (let round = 1; round <= runs; round += 1) {
    for (const page of targets[0].pages.keys()) {
      for (const t of targets) {
        const p = t.pages[page];
        const lhr = await runLighthouse(t.origin + p.path, multiplier);
        p.lhrs.push(lhr);
        if (saveDir) {
          const slug = p.label.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';
          const name = `${t.name === 'this build' ? '' : 'baseline-'}${slug}-${round}.json`;
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(join(saveDir, name), JSON.stringify(lhr));
        }
        for (const warning of lhr.runWarnings ?? []) console.warn(`Lighthouse warning: ${warning}`);
        const f = figures(lhr);
        console.log(
          `round ${round} ${t.name} ${p.label} (index ${Math.round(f.benchmarkIndex)}, ${f.multiplier}×): ` +
            `score ${f.score}, FCP ${seconds(f.fcp)}, LCP ${seconds(f.lcp)}, ` +
            `TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, SI ${seconds(f.si)}, ${kb(f.bytes)} (JS ${kb(f.js)})`,
        );
      }
    }
  }
  for (const t of targets) for (const p of t.pages) p.m = medians(p.lhrs.map(figures));
}

/** The run whose score is the page's median, for the cost breakdown. */
function medianRun(page) {
  const byScore = [...page.lhrs].sort(
    (a, b) => a.categories.performance.score - b.categories.performance.score,
  );
  return byScore[Math.floor((byScore.length - 1) / 2)];
}

async function startTarget(name, cwd) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-lighthouse-'));
  const target = { name, dataDir, server: null };
  const port = await freePort();
  target.origin = `http://127.0.0.1:${port}`;
  target.server = await startServer(port, dataDir, cwd);
  const productPath = await pickProductPath(target.origin);
  target.pages = [
    { path: '/', label: '/', key: 'home' },
    { path: '/collection', label: '/collection', key: 'collection' },
    { path: productPath, label: '/product/:id', key: 'product' },
  ]
    .filter((p) => !onlyPages || onlyPages.includes(p.key))
    .map((p) => ({ ...p, lhrs: [] }));
  if (!target.pages.length)
    throw new StartError('LIGHTHOUSE_PAGES names no page: home, collection, product.');
  return target;
}

async function main() {
  if (!Number.isInteger(runs) || runs < 1) throw new StartError('LIGHTHOUSE_RUNS must be ≥ 1.');
  if (fixedMultiplier !== null && !(fixedMultiplier >= 1)) {
    throw new StartError('LIGHTHOUSE_CPU_MULTIPLIER must be a number ≥ 1.');
  }
  const versions = { lighthouse: lighthouseVersion(), chromium: chromiumVersion() };
  const targets = [];
  const stop = async () => {
    for (const t of targets) {
      await stopServer(t.server);
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  };
  const onSignal = (signal) => {
    chromeLauncher.killAll();
    stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    targets.push(await startTarget('this build', process.cwd()));
    // LIGHTHOUSE_BASELINE: another checkout, built, measured in the same rounds for a side-by-side.
    const baselineDir = process.env.LIGHTHOUSE_BASELINE;
    if (baselineDir) targets.push(await startTarget(`the baseline (${baselineDir})`, baselineDir));
    const [current, baseline] = targets;
    console.log(`${versions.chromium}; Lighthouse ${versions.lighthouse}; ${current.origin}`);
    const calibration = await calibrate(targets);
    console.log(`CPU slowdown ${calibration.multiplier}×: ${calibration.how}`);
    await measure(targets, calibration.multiplier);

    console.log('\nWhat costs score (median-scoring run of each page):');
    for (const t of targets)
      for (const page of t.pages) printCosts(`${t.name} ${page.label}`, medianRun(page));

    const { lines, warnings } = targetLines(current.pages);
    const text = section(current.pages, versions, lines, calibration, baseline);
    if (writeDoc) writeSection(text);
    console.log(
      `\n${text}\n\n${writeDoc ? `Wrote ${docFile}.` : 'LIGHTHOUSE_NO_DOC=1: docs left alone.'}`,
    );
    for (const warning of warnings) console.warn(`WARNING: target missed: ${warning}`);
    // The host may have changed speed between the calibration and the runs (another job on it).
    const index = measuredIndex(current.pages);
    const due = calibratedMultiplier(index);
    if (fixedMultiplier === null && Math.abs(due - calibration.multiplier) >= 1) {
      console.warn(
        `WARNING: the measured runs' benchmark index (median ${Math.round(index)}) calls ` +
          `for ${due}×, not the ${calibration.multiplier}× they ran at: the host's speed changed; ` +
          'measure again on a quiet machine.',
      );
    }
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err instanceof StartError ? `lighthouse: ${err.message}` : err);
  process.exitCode = 1;
});
