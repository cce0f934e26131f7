/**
 * Writes /tmp/art-preview/index.html: every garment kind in four views and a few
 * colourways, plus the hero artworks. Run from the repo root:
 *   npx tsx apps/api/src/db/seed/art/preview.ts [kind,kind...|heroes] [cell-width]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { GARMENT_KINDS, renderGarmentSvg } from './garments.js';
import { renderHeroSvg } from './hero.js';

const OUT_DIR = '/tmp/art-preview';

const COLOURWAYS: readonly (readonly [string, string])[] = [
  ['#9b1b30', '#c9a227'],
  ['#0f5e5a', '#d4af37'],
  ['#efe3cf', '#b8912a'],
  ['#1f2a4d', '#c0c0c8'],
  ['#e8a0b4', '#c9c9d1'],
  ['#6b2d5c', '#e0b84f'],
  ['#1a1a1a', '#efe7d6'],
];

const dataUri = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function main(): void {
  const [kindArg, widthArg] = process.argv.slice(2);
  const wanted = kindArg ? kindArg.split(',') : [...GARMENT_KINDS, 'heroes'];
  const kinds = GARMENT_KINDS.filter((kind) => wanted.includes(kind));
  const width = Number(widthArg ?? 160);
  const views = [0, 1, 2, 3] as const;
  let rows = '';
  for (const kind of kinds) {
    const k = GARMENT_KINDS.indexOf(kind);
    const ways = [COLOURWAYS[k % COLOURWAYS.length], COLOURWAYS[(k + 3) % COLOURWAYS.length]];
    let cells = '';
    ways.forEach((way, w) => {
      if (!way) return;
      for (const view of views) {
        const svg = renderGarmentSvg({
          kind,
          colour: way[0],
          accent: way[1],
          view,
          seed: k * 10 + w,
        });
        cells += `<figure><img width="${width}" src="${dataUri(svg)}"><figcaption>${view} · ${svg.length} B</figcaption></figure>`;
      }
    });
    rows += `<section><h2>${kind}</h2><div class="row">${cells}</div></section>`;
  }
  let heroes = '';
  for (const index of [0, 1, 2, 3, 4] as const) {
    const svg = renderHeroSvg(index);
    heroes += `<figure><img width="${width * 3}" src="${dataUri(svg)}"><figcaption>hero ${index} · ${svg.length} B</figcaption></figure>`;
  }
  if (wanted.includes('heroes')) {
    rows = `<section><h2>heroes</h2><div class="row">${heroes}</div></section>${rows}`;
  }
  const html = `<!doctype html><meta charset="utf-8"><title>Pehnava art preview</title>
<style>body{font:12px system-ui;margin:12px;background:#fff}h2{font-size:13px;margin:6px 0 2px}
.row{display:flex;gap:6px;flex-wrap:wrap}figure{margin:0}figcaption{color:#777;font-size:10px}
img{display:block;border-radius:4px}</style>${rows}`;
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(`${OUT_DIR}/index.html`, html);
  process.stdout.write(`wrote ${OUT_DIR}/index.html\n`);
}

main();
