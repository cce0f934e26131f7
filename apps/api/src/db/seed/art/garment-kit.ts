/** Reusable garment parts: shaded fabric pieces, zari borders, flared skirts, sleeves, legs, shoes. */
import { idOf, ref, type Ctx } from './context.js';
import { shade } from './colour.js';
import {
  circle,
  fmt,
  layered,
  lerp,
  mirrorPt,
  path,
  poly,
  smooth,
  sym,
  type Attrs,
  type Pt,
} from './svg-kit.js';

export interface PieceOptions {
  /** Overlay the all-over butti pattern. */
  readonly motif?: boolean;
  /** Fill instead of the shaded body gradient. */
  readonly fill?: string;
  readonly motifOpacity?: number;
}

/** One fabric piece: shaded fill, a fine outline and optionally scattered buttis. */
export function piece(ctx: Ctx, key: string, d: string, options: PieceOptions = {}): string {
  const base: Attrs = {
    fill: options.fill ?? ref(ctx, 'g'),
    stroke: ctx.pal.line,
    'stroke-width': 1.2,
  };
  if (!options.motif) return path(d, base);
  return layered(idOf(ctx, key), d, [
    base,
    { fill: ref(ctx, 'm'), opacity: options.motifOpacity ?? 0.85 },
  ]);
}

/** A zari (metallic thread) border drawn along a path. */
export function zari(ctx: Ctx, d: string, width: number): string {
  const { pal } = ctx;
  return (
    path(d, {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': width,
      'stroke-linejoin': 'round',
    }) +
    path(d, {
      fill: 'none',
      stroke: pal.deep,
      'stroke-width': Math.max(1.2, width * 0.32),
      'stroke-dasharray': `0 ${fmt(Math.max(3, width * 0.55))}`,
      'stroke-linecap': 'round',
      opacity: 0.8,
    })
  );
}

/** A shaded piece mirrored to both sides of the figure (sleeves, legs, shoes). */
export function pair(
  ctx: Ctx,
  key: string,
  right: readonly Pt[],
  options: PieceOptions = {},
): string {
  const left = right.map((p) => mirrorPt(p));
  return (
    piece(ctx, `${key}r`, smooth(right), options) + piece(ctx, `${key}l`, smooth(left), options)
  );
}

export function mirrorD(points: readonly Pt[], closed = false): string {
  return (
    smooth(points, closed) +
    smooth(
      points.map((p) => mirrorPt(p)),
      closed,
    )
  );
}

/** A flared skirt silhouette: a bell from the waist down to a rippled hem. */
export interface Flare {
  readonly top: number;
  readonly topHalf: number;
  readonly hemY: number;
  readonly hemHalf: number;
  readonly dip: number;
  readonly ripple: number;
  readonly waves: number;
  /** Larger values flare sooner below the waist. */
  readonly curve: number;
  readonly cx?: number;
}

export function flareHalf(f: Flare, y: number): number {
  const t = Math.min(1, Math.max(0, (y - f.top) / (f.hemY - f.top)));
  return f.topHalf + (f.hemHalf - f.topHalf) * (1 - (1 - t) ** f.curve);
}

/** Hem height for u in [-1, 1] across the skirt. */
export function hemAt(f: Flare, u: number): number {
  return f.hemY + f.dip * (1 - u * u) + f.ripple * Math.cos(u * Math.PI * f.waves);
}

export function flareOutline(f: Flare): Pt[] {
  const cx = f.cx ?? 300;
  const half: Pt[] = [
    [cx, f.top],
    [cx + f.topHalf, f.top, 1],
  ];
  for (const t of [0.12, 0.32, 0.58, 0.82]) {
    const y = lerp(f.top, f.hemY, t);
    half.push([cx + flareHalf(f, y), y]);
  }
  half.push([cx + f.hemHalf, hemAt(f, 1), 1]);
  for (let u = 0.875; u > -0.01; u -= 0.125) half.push([cx + u * f.hemHalf, hemAt(f, u)]);
  return sym(half, cx);
}

/** Points along a line that follows the hem shape at `rise` above the hem. */
function hemLine(f: Flare, rise: number, steps = 10): Pt[] {
  const cx = f.cx ?? 300;
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const u = -1 + (2 * i) / steps;
    const y = hemAt(f, u) - rise;
    pts.push([cx + u * flareHalf(f, y), y]);
  }
  return pts;
}

/** An embroidered band following the hem, `rise` above it and `height` tall. */
export function hemBand(ctx: Ctx, key: string, f: Flare, rise: number, height: number): string {
  const lower = hemLine(f, rise);
  const upper = hemLine(f, rise + height).reverse();
  const mark = (pts: Pt[]): Pt[] =>
    pts.map((p, i) => (i === 0 || i === pts.length - 1 ? [p[0], p[1], 1] : p));
  const d = smooth([...mark(lower), ...mark(upper)]);
  const { pal } = ctx;
  return layered(idOf(ctx, key), d, [
    { fill: pal.deep, stroke: pal.accent, 'stroke-width': 3 },
    { fill: ref(ctx, 'z'), opacity: 0.95 },
  ]);
}

/** Scalloped gota edge just above the hem. */
export function scallops(ctx: Ctx, f: Flare, rise: number): string {
  const pts = hemLine(f, rise, 20);
  let d = '';
  pts.forEach((b, i) => {
    const a = pts[i - 1];
    if (!a) {
      d += `M${Math.round(b[0])} ${Math.round(b[1])}`;
      return;
    }
    const mx = Math.round((a[0] + b[0]) / 2);
    const my = Math.round((a[1] + b[1]) / 2 - 9);
    d += `Q${mx} ${my} ${Math.round(b[0])} ${Math.round(b[1])}`;
  });
  return path(d, { fill: 'none', stroke: ctx.pal.accent, 'stroke-width': 2.5 });
}

/** Shadow wedges and highlight lines that read as soft folds in a flared skirt. */
export function skirtFolds(ctx: Ctx, f: Flare, count: number, strength = 0.22): string {
  const cx = f.cx ?? 300;
  let dark = '';
  let light = '';
  for (let i = 1; i < count; i++) {
    const u = -1 + (2 * i) / count;
    const x1 = cx + u * f.topHalf * 0.8;
    const y1 = f.top + 10;
    const x2 = cx + u * f.hemHalf * 0.97;
    const y2 = hemAt(f, u) - 2;
    const w = (f.hemHalf / count) * 0.55;
    dark += poly([
      [x1, y1],
      [x2 - w, y2],
      [x2 + w * 0.25, y2],
    ]);
    light += poly(
      [
        [x1 + 1, y1 + 20],
        [x2 + w * 0.6, y2 - 4],
      ],
      false,
    );
  }
  return (
    path(dark, { fill: ctx.pal.deep, opacity: strength }) +
    path(light, { stroke: ctx.pal.light, 'stroke-width': 2.5, opacity: 0.45, fill: 'none' })
  );
}

/** Full flared skirt with folds, buttis, hem band, scallops and a second slimmer band. */
export function flaredSkirt(
  ctx: Ctx,
  key: string,
  f: Flare,
  options: { folds: number; band: number; midBand?: number; motifOpacity?: number },
): string {
  let out = piece(ctx, key, smooth(flareOutline(f)), {
    motif: true,
    motifOpacity: options.motifOpacity ?? 0.75,
  });
  out += skirtFolds(ctx, f, options.folds);
  if (options.midBand !== undefined) out += hemBand(ctx, `${key}mb`, f, options.midBand, 16);
  out += hemBand(ctx, `${key}hb`, f, 0, options.band);
  out += scallops(ctx, f, options.band + 2);
  return out;
}

/** A sheer veil-like fabric (dupatta, cape) with sparkle dots and zari edges. */
export function sheer(ctx: Ctx, key: string, d: string, opacity = 0.55): string {
  return layered(idOf(ctx, key), d, [
    { fill: ctx.pal.light, opacity },
    { fill: ref(ctx, 'd'), opacity: 0.9 },
    { fill: 'none', stroke: ctx.pal.accent, 'stroke-width': 1.5, opacity: 0.9 },
  ]);
}

/** A row of round buttons with a small highlight. */
export function buttons(
  ctx: Ctx,
  x: number,
  y0: number,
  y1: number,
  count: number,
  r = 4.5,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = count === 1 ? y0 : lerp(y0, y1, i / (count - 1));
    out += circle(x, y, r, {
      fill: ref(ctx, 'a'),
      stroke: ctx.pal.accentDark,
      'stroke-width': 0.8,
    });
  }
  return out;
}

/** Gathered churidar legs from `top` to the ankle. */
export function churidar(ctx: Ctx, top: number, colour: string): string {
  const right: Pt[] = [
    [303, top, 1],
    [350, top, 1],
    [346, top + 60],
    [338, 716, 1],
    [310, 716, 1],
    [306, top + 60],
  ];
  const gathers: string[] = [];
  for (let y = 652; y < 712; y += 9) {
    gathers.push(`M${310} ${y}q14 6 28 0`);
  }
  const rings = gathers.join('');
  return (
    pair(ctx, 'cd', right, { fill: colour }) +
    path(rings + rings.replace(/M310/g, 'M262'), {
      fill: 'none',
      stroke: shade(colour, 0.3),
      'stroke-width': 1.4,
      opacity: 0.7,
    })
  );
}

/** Straight tailored trousers from `top` to the floor. */
export function trousers(ctx: Ctx, top: number, colour: string, stripe?: string): string {
  const right: Pt[] = [
    [301, top, 1],
    [394, top, 1],
    [390, 560],
    [384, 718, 1],
    [308, 718, 1],
    [304, 560],
  ];
  let out = pair(ctx, 'tr', right, { fill: colour });
  out += path(`M346 ${top + 40}L346 716M254 ${top + 40}L254 716`, {
    stroke: shade(colour, 0.35),
    'stroke-width': 1.2,
    opacity: 0.6,
  });
  if (stripe)
    out += path(`M391 ${top + 6}L385 716M209 ${top + 6}L215 716`, {
      stroke: stripe,
      'stroke-width': 5,
    });
  return out;
}

export type ShoeStyle = 'jutti' | 'oxford';

/** A pair of shoes seen from the front, at the feet of a standing figure. */
export function shoes(
  ctx: Ctx,
  style: ShoeStyle,
  xs: readonly [number, number] = [324, 276],
  y = 716,
): string {
  let out = '';
  for (const x of xs) {
    if (style === 'jutti') {
      out +=
        path(
          `M${x - 19} ${y + 4}C${x - 18} ${y + 20} ${x + 18} ${y + 20} ${x + 19} ${y + 4}C${x + 10} ${y} ${x + 4} ${
            y - 2
          } ${x} ${y - 10}C${x - 4} ${y - 2} ${x - 10} ${y} ${x - 19} ${y + 4}Z`,
          {
            fill: ref(ctx, 'a'),
            stroke: ctx.pal.accentDark,
            'stroke-width': 1,
          },
        ) + circle(x, y + 8, 3, { fill: ctx.pal.main });
    } else {
      out +=
        path(
          `M${x - 24} ${y + 6}C${x - 24} ${y - 6} ${x + 24} ${y - 6} ${x + 24} ${y + 6}L${x + 24} ${y + 16}L${x - 24} ${
            y + 16
          }Z`,
          { fill: '#1d1a1c' },
        ) +
        path(`M${x - 12} ${y + 2}q12 -6 24 0`, {
          stroke: '#6d6670',
          'stroke-width': 2,
          fill: 'none',
        });
    }
  }
  return out;
}

/** A slim sleeve hanging beside the body (right side; mirrored for the left). */
export function sleevePoints(shoulder: Pt, length: number, width: number, flare = 0): Pt[] {
  const [sx, sy] = shoulder;
  const end = sy + length;
  return [
    [sx - 2, sy - 2],
    [sx + 18, sy + 10],
    [sx + 28, sy + 50],
    [sx + 32 + flare * 0.5, lerp(sy, end, 0.6)],
    [sx + 34 + flare, end, 1],
    [sx + 34 + flare - width, end + 3, 1],
    [sx + 10, lerp(sy, end, 0.5)],
    [sx + 4, sy + 60],
    [sx - 6, sy + 24],
  ];
}

/** Embroidered cuff or sleeve-hem border for {@link sleevePoints}. */
export function cuffLine(shoulder: Pt, length: number, width: number, flare = 0, lift = 6): string {
  const [sx, sy] = shoulder;
  const end = sy + length - lift;
  const x1 = sx + 34 + flare;
  const x0 = x1 - width + 2;
  const d = `M${fmt(x0)} ${fmt(end + 3)}L${fmt(x1 - 1)} ${fmt(end)}`;
  return d + `M${fmt(600 - x0)} ${fmt(end + 3)}L${fmt(600 - x1 + 1)} ${fmt(end)}`;
}

/**
 * A fan of fabric from a narrow top edge to a wider hem (a sharara leg, a pleated drape):
 * `top` runs from one side to the other, `hem` lists the hem from the same side to the other.
 */
export interface Fan {
  readonly top: readonly [Pt, Pt];
  readonly hem: readonly Pt[];
}

function fanPoint(fan: Fan, u: number, lift: number): Pt {
  const last = fan.hem.length - 1;
  const at = u * last;
  const i = Math.min(last - 1, Math.floor(at));
  const a = fan.hem[i];
  const b = fan.hem[i + 1];
  const [t0, t1] = fan.top;
  if (!a || !b) throw new RangeError('a fan needs at least two hem points');
  const hx = lerp(a[0], b[0], at - i);
  const hy = lerp(a[1], b[1], at - i);
  const tx = lerp(t0[0], t1[0], u);
  const ty = lerp(t0[1], t1[1], u);
  const k = lift / Math.max(1, hy - ty);
  return [lerp(hx, tx, k), lerp(hy, ty, k)];
}

export function fanFolds(ctx: Ctx, fan: Fan, count: number, strength = 0.22): string {
  let dark = '';
  let light = '';
  const [t0, t1] = fan.top;
  const first = fan.hem[0];
  const last = fan.hem[fan.hem.length - 1];
  const spread = first && last ? Math.abs(first[0] - last[0]) : 0;
  for (let i = 1; i < count; i++) {
    const u = i / count;
    const top: Pt = [lerp(t0[0], t1[0], u), lerp(t0[1], t1[1], u) + 8];
    const [hx, hy] = fanPoint(fan, u, 2);
    const w = spread / count / 3;
    dark += poly([top, [hx - w, hy], [hx + w * 0.3, hy]]);
    light += poly(
      [
        [top[0] + 1, top[1] + 16],
        [hx + w * 0.8, hy - 4],
      ],
      false,
    );
  }
  return (
    path(dark, { fill: ctx.pal.deep, opacity: strength }) +
    path(light, { stroke: ctx.pal.light, 'stroke-width': 2, opacity: 0.45, fill: 'none' })
  );
}

/** Zari band along the hem of a fan. */
export function fanBand(ctx: Ctx, key: string, fan: Fan, height: number): string {
  const steps = fan.hem.length * 2;
  const lower: Pt[] = [];
  const upper: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const u = i / steps;
    lower.push(fanPoint(fan, u, 0));
    upper.push(fanPoint(fan, u, height));
  }
  upper.reverse();
  const { pal } = ctx;
  return layered(idOf(ctx, key), poly([...lower, ...upper]), [
    { fill: pal.deep, stroke: pal.accent, 'stroke-width': 3 },
    { fill: ref(ctx, 'z') },
  ]);
}
