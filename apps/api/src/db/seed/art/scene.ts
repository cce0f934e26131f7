/** Backdrops, surfaces, dress forms and small props shared by the product views. */
import { idOf, ref, type Ctx } from './context.js';
import { mix, shade, tint } from './colour.js';
import { circle, ellipse, linear, path, radial, rect, smooth, sym, tag } from './svg-kit.js';

/** Studio wall and floor, used for the front view. */
export function studio(ctx: Ctx, horizon = 612): string {
  const { pal } = ctx;
  const defs =
    linear(
      idOf(ctx, 'w'),
      [
        { at: 0, colour: tint(pal.wall, 0.35) },
        { at: 1, colour: pal.wall },
      ],
      [0, 0, 0, 1],
    ) +
    linear(
      idOf(ctx, 'fl'),
      [
        { at: 0, colour: shade(pal.wall, 0.05) },
        { at: 1, colour: pal.floor },
      ],
      [0, 0, 0, 1],
    ) +
    radial(
      idOf(ctx, 'glow'),
      [
        { at: 0, colour: '#fffdf8', opacity: 0.7 },
        { at: 1, colour: '#fffdf8', opacity: 0 },
      ],
      { cx: 0.5, cy: 0.42, r: 0.55 },
    );
  return (
    `<defs>${defs}</defs>` +
    rect(0, 0, 600, 800, { fill: ref(ctx, 'w') }) +
    rect(0, horizon, 600, 800 - horizon, { fill: ref(ctx, 'fl') }) +
    rect(0, horizon - 1, 600, 2, { fill: shade(pal.wall, 0.08), opacity: 0.5 }) +
    rect(0, 0, 600, 800, { fill: ref(ctx, 'glow') })
  );
}

/** Studio with a carved arch (jharokha niche) behind the figure, for the back view. */
export function archStudio(ctx: Ctx): string {
  const { pal } = ctx;
  const niche = mix(pal.wall, pal.main, 0.1);
  const arch = 'M140 612V300C140 200 220 130 300 96C380 130 460 200 460 300V612Z';
  return (
    studio(ctx) +
    path(arch, { fill: shade(niche, 0.06), stroke: tint(pal.wall, 0.5), 'stroke-width': 10 }) +
    path('M166 612V306C166 220 232 160 300 128C368 160 434 220 434 306V612', {
      fill: 'none',
      stroke: shade(niche, 0.14),
      'stroke-width': 2,
      opacity: 0.6,
    }) +
    rect(120, 606, 360, 14, { fill: tint(pal.wall, 0.4), opacity: 0.8 })
  );
}

/** A linen surface seen from above, for the flat-lay view. */
export function linenSurface(ctx: Ctx, base?: string): string {
  const { pal } = ctx;
  const cloth = base ?? tint(pal.wall, 0.15);
  const weave = tag(
    'pattern',
    { id: idOf(ctx, 'lw'), width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
    path('M0 .5H6M.5 0V6', { stroke: shade(cloth, 0.12), 'stroke-width': 0.6, opacity: 0.5 }),
  );
  const vignette = radial(idOf(ctx, 'vg'), [
    { at: 0.55, colour: '#3a2618', opacity: 0 },
    { at: 1, colour: '#3a2618', opacity: 0.16 },
  ]);
  return (
    `<defs>${weave}${vignette}</defs>` +
    rect(0, 0, 600, 800, { fill: cloth }) +
    rect(0, 0, 600, 800, { fill: ref(ctx, 'lw') }) +
    rect(0, 0, 600, 800, { fill: ref(ctx, 'vg') })
  );
}

/** Scattered rose petals and a marigold or two, for flat-lays. */
export function petals(ctx: Ctx, spots: readonly (readonly [number, number])[]): string {
  const { rng } = ctx;
  const roses = ['#c2344d', '#d8566b', '#e58a9a'];
  let out = '';
  for (const [x, y] of spots) {
    const angle = Math.round(rng.range(0, 180));
    const colour = rng.pick(roses);
    out += path('M0-9C6-8 8 2 0 9C-8 2-6-8 0-9Z', {
      fill: colour,
      transform: `translate(${x} ${y}) rotate(${angle})`,
      opacity: 0.92,
    });
  }
  return out;
}

export function marigold(cx: number, cy: number, r: number): string {
  let out = circle(cx, cy, r, { fill: '#e98a12' });
  for (let i = 0; i < 3; i++) {
    const rr = r * (0.82 - i * 0.22);
    out += circle(cx, cy, rr, {
      fill: 'none',
      stroke: i % 2 === 0 ? '#f6b323' : '#d8700c',
      'stroke-width': r * 0.22,
      'stroke-dasharray': `${(r * 0.25).toFixed(1)} ${(r * 0.12).toFixed(1)}`,
    });
  }
  return out + circle(cx, cy, r * 0.15, { fill: '#b45a08' });
}

/** Wooden finial and cap on top of a dress form's neck. */
function formCap(ctx: Ctx, half: number, y: number): string {
  const { pal } = ctx;
  return (
    ellipse(300, y, half, 5, { fill: pal.formDark }) +
    path(
      `M${300 - 5} ${y - 2}C${300 - 6} ${y - 10} ${300 - 3} ${y - 15} 300 ${y - 16}C${300 + 3} ${
        y - 15
      } ${300 + 6} ${y - 10} ${300 + 5} ${y - 2}Z`,
      { fill: pal.wood },
    )
  );
}

export const FEMALE_TORSO = sym([
  [300, 98],
  [317, 98, 1],
  [318, 138],
  [330, 149],
  [380, 160],
  [394, 178],
  [396, 214],
  [390, 250],
  [374, 290],
  [363, 322],
  [374, 370],
  [392, 420],
  [396, 470, 1],
  [300, 476],
]);

export const MALE_TORSO = sym([
  [300, 90],
  [322, 90, 1],
  [324, 132],
  [342, 145],
  [398, 157],
  [414, 176],
  [416, 222],
  [406, 292],
  [395, 340],
  [398, 400],
  [400, 450, 1],
  [300, 456],
]);

export function femaleForm(ctx: Ctx): string {
  if (ctx.flat) return '';
  return (
    path(smooth(FEMALE_TORSO), {
      fill: ref(ctx, 'f'),
      stroke: ctx.pal.formDark,
      'stroke-width': 1,
    }) + formCap(ctx, 17, 98)
  );
}

export function maleForm(ctx: Ctx): string {
  if (ctx.flat) return '';
  return (
    path(smooth(MALE_TORSO), { fill: ref(ctx, 'f'), stroke: ctx.pal.formDark, 'stroke-width': 1 }) +
    formCap(ctx, 22, 90)
  );
}
