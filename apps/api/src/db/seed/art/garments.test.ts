import { describe, expect, it } from 'vitest';
import { GARMENT_KINDS, renderGarmentSvg } from './garments.js';
import { renderHeroSvg } from './hero.js';

const VIEWS = [0, 1, 2, 3] as const;

describe('renderGarmentSvg', () => {
  it.each(GARMENT_KINDS)(
    'draws every view of %s as a small, self-contained 600 x 800 SVG',
    (kind) => {
      for (const view of VIEWS) {
        const svg = renderGarmentSvg({ kind, colour: '#9b1b30', accent: '#c9a227', view, seed: 7 });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain('viewBox="0 0 600 800"');
        expect(svg).toContain('width="600" height="800"');
        expect(svg).toContain('#9b1b30');
        expect(svg).not.toMatch(/<(script|image|text|foreignObject)\b|href="http/);
        expect(Buffer.byteLength(svg), `${kind} view ${view}`).toBeLessThan(12 * 1024);
        // Every id is defined once, so several images can share one page.
        const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(ids).size).toBe(ids.length);
      }
    },
  );

  it('is deterministic and differs between kinds, views and colours', () => {
    const base = {
      kind: 'lehenga',
      colour: '#0f5e5a',
      accent: '#d4af37',
      view: 0,
      seed: 3,
    } as const;
    expect(renderGarmentSvg(base)).toBe(renderGarmentSvg(base));
    expect(renderGarmentSvg(base)).toContain('#0f5e5a');
    const all = new Set(
      GARMENT_KINDS.flatMap((kind) =>
        VIEWS.map((view) => renderGarmentSvg({ ...base, kind, view })),
      ),
    );
    expect(all.size).toBe(GARMENT_KINDS.length * VIEWS.length);
    expect(renderGarmentSvg({ ...base, colour: '#1f2a4d' })).not.toBe(renderGarmentSvg(base));
  });
});

describe('renderHeroSvg', () => {
  it('draws five distinct 1600 x 900 artworks under 20 KB each', () => {
    const heroes = ([0, 1, 2, 3, 4] as const).map((i) => renderHeroSvg(i));
    expect(new Set(heroes).size).toBe(5);
    for (const svg of heroes) {
      expect(svg).toContain('viewBox="0 0 1600 900"');
      expect(svg).not.toMatch(/<(script|image|text)\b/);
      expect(Buffer.byteLength(svg)).toBeLessThan(20 * 1024);
    }
  });
});
