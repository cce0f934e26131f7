/**
 * Drawing context shared by every garment painter: palette, seeded randomness,
 * id prefix and the standard paint servers (gradients and patterns).
 */
import { lightness, mix, normaliseHex, shade, shortHash, tint } from './colour.js';
import { createRng, type Rng } from './prng.js';
import { circle, linear, path, radial, tag } from './svg-kit.js';

export interface Palette {
  readonly main: string;
  readonly light: string;
  readonly pale: string;
  readonly dark: string;
  readonly deep: string;
  readonly line: string;
  readonly accent: string;
  readonly accentLight: string;
  readonly accentDark: string;
  readonly wall: string;
  readonly floor: string;
  readonly form: string;
  readonly formDark: string;
  readonly wood: string;
  /** True when the garment itself is pale, so the backdrop is deepened for contrast. */
  readonly paleGarment: boolean;
}

export interface Ctx {
  /** Prefix for every id in one SVG document. */
  readonly id: string;
  readonly pal: Palette;
  readonly rng: Rng;
  /** Which motif family the embroidery uses (0 paisley, 1 flower, 2 lotus-bud). */
  readonly motif: number;
  /** Draw the back instead of the front. */
  readonly back: boolean;
  /** Flat-lay: no dress form, garment laid on a surface. */
  readonly flat: boolean;
}

const BACKDROPS = ['#f6eee3', '#f5e6e0', '#efe6d8', '#ebede3', '#f2e9e6', '#efe8dd'] as const;

export function makePalette(colour: string, accent: string, seed: number): Palette {
  const main = normaliseHex(colour);
  const acc = normaliseHex(accent);
  const rng = createRng(seed * 7 + 3);
  const paleGarment = lightness(main) > 0.72;
  let wall = mix(rng.pick(BACKDROPS), main, 0.05);
  if (paleGarment) wall = mix(wall, '#b8a18a', 0.3);
  return {
    main,
    light: tint(main, 0.2),
    pale: tint(main, 0.62),
    dark: shade(main, 0.3),
    deep: shade(main, 0.52),
    line: mix(shade(main, 0.6), main, 0.4),
    accent: acc,
    accentLight: tint(acc, 0.5),
    accentDark: shade(acc, 0.38),
    wall,
    floor: shade(wall, 0.09),
    form: '#e9dfd0',
    formDark: '#c4b39c',
    wood: '#7b5a3e',
    paleGarment,
  };
}

export function makeCtx(
  prefix: string,
  colour: string,
  accent: string,
  seed: number,
  options: { back?: boolean; flat?: boolean } = {},
): Ctx {
  const pal = makePalette(colour, accent, seed);
  return {
    id: `${prefix}_${shortHash(pal.main, pal.accent)}_`,
    pal,
    rng: createRng(seed),
    motif: createRng(seed * 13 + 5).int(3),
    back: options.back ?? false,
    flat: options.flat ?? false,
  };
}

export const ref = (ctx: Ctx, name: string): string => `url(#${ctx.id}${name})`;
export const idOf = (ctx: Ctx, name: string): string => `${ctx.id}${name}`;

/** Embroidery motifs drawn around (0, 0), roughly 16 units across. */
export const MOTIFS = [
  // paisley (kairi)
  'M2-9C8-8 10 0 6 5C2 10-6 10-8 4C-9 0-5-3-2-2C1-1 1-5-2-6C-2-8 0-9 2-9Z',
  // four-petal flower
  'M0 0C3-2 3-7 0-8C-3-7-3-2 0 0C2 3 7 3 8 0C7-3 2-3 0 0C-3 2-3 7 0 8C3 7 3 2 0 0C-2-3-7-3-8 0C-7 3-2 3 0 0Z',
  // lotus bud with leaves
  'M0-9C4-5 4 1 0 5C-4 1-4-5 0-9ZM0 6C3 3 7 2 9 3C7 6 3 7 0 6ZM0 6C-3 3-7 2-9 3C-7 6-3 7 0 6Z',
] as const;

export function motifPath(ctx: Ctx): string {
  return MOTIFS[ctx.motif] ?? MOTIFS[0];
}

/** Gradients and patterns used by the garment painters. */
export function standardDefs(ctx: Ctx): string {
  const { pal } = ctx;
  const i = (n: string): string => idOf(ctx, n);
  const motif = motifPath(ctx);
  const butti = tag(
    'pattern',
    { id: i('m'), width: 48, height: 52, patternUnits: 'userSpaceOnUse' },
    path(motif, { fill: pal.accent, transform: 'translate(12 13) scale(.7)' }) +
      path(motif, { fill: pal.accent, transform: 'translate(36 39) scale(.7)' }) +
      circle(36, 13, 1.4, { fill: pal.accentLight }) +
      circle(12, 39, 1.4, { fill: pal.accentLight }),
  );
  const zari = tag(
    'pattern',
    { id: i('z'), width: 22, height: 22, patternUnits: 'userSpaceOnUse' },
    path('M11 3L18 11 11 19 4 11Z', { fill: pal.accent }) +
      circle(11, 11, 2.4, { fill: pal.deep }) +
      circle(0, 0, 2.2, { fill: pal.accentLight }) +
      circle(22, 0, 2.2, { fill: pal.accentLight }) +
      circle(0, 22, 2.2, { fill: pal.accentLight }) +
      circle(22, 22, 2.2, { fill: pal.accentLight }),
  );
  const dots = tag(
    'pattern',
    { id: i('d'), width: 14, height: 14, patternUnits: 'userSpaceOnUse' },
    circle(3, 3, 1.3, { fill: pal.accent }) + circle(10, 10, 1, { fill: pal.accentLight }),
  );
  return (
    linear(i('g'), [
      { at: 0, colour: pal.dark },
      { at: 0.24, colour: pal.main },
      { at: 0.5, colour: pal.light },
      { at: 0.78, colour: pal.main },
      { at: 1, colour: pal.dark },
    ]) +
    linear(
      i('a'),
      [
        { at: 0, colour: pal.accentLight },
        { at: 0.5, colour: pal.accent },
        { at: 1, colour: pal.accentDark },
      ],
      [0, 0, 0.4, 1],
    ) +
    linear(i('f'), [
      { at: 0, colour: pal.formDark },
      { at: 0.45, colour: pal.form },
      { at: 1, colour: pal.formDark },
    ]) +
    radial(i('s'), [
      { at: 0, colour: '#2a1a12', opacity: 0.32 },
      { at: 1, colour: '#2a1a12', opacity: 0 },
    ]) +
    butti +
    zari +
    dots
  );
}

/** A soft elliptical floor shadow. */
export function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  return tag('ellipse', { cx, cy, rx, ry, fill: ref(ctx, 's') });
}
