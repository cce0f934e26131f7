/**
 * The five home-page hero artworks (1600 x 900). The left ~45% stays calm (soft gradient and a
 * faint jaali pattern) because the carousel sets its text there; the right holds a garment scene
 * framed in a carved arch, with festive details around it. No text in the artwork.
 */
import { mix, shade, tint } from './colour.js';
import { clutchBody, juttiPair, safaBust } from './accessories.js';
import { makeCtx, standardDefs, type Ctx } from './context.js';
import { renderGarmentScene, type GarmentKind } from './garments.js';
import { marigold } from './scene.js';
import { circle, ellipse, group, linear, path, radial, rect, svgDocument, tag } from './svg-kit.js';

interface HeroTheme {
  kind: GarmentKind;
  colour: string;
  accent: string;
  /** Background: deep at the left edge, lighter towards the arch. */
  ground: string;
  glow: string;
  decor: 'garlands' | 'strings' | 'lamps' | 'petals' | 'stars';
  /** Accessories styled around the arch. */
  props: readonly Prop[];
}

type Prop = 'safa' | 'clutch' | 'juttis';

const THEMES: readonly [HeroTheme, HeroTheme, HeroTheme, HeroTheme, HeroTheme] = [
  // Bridal: a red lehenga under marigold garlands.
  {
    kind: 'lehenga',
    colour: '#a3162b',
    accent: '#c9a227',
    ground: '#5a0f1f',
    glow: '#f3c98b',
    decor: 'garlands',
    props: [],
  },
  // The groom: an ivory sherwani in a maroon niche with hanging lamps.
  {
    kind: 'sherwani',
    colour: '#efe3cf',
    accent: '#b8912a',
    ground: '#3b1524',
    glow: '#f0d9a8',
    decor: 'lamps',
    props: ['safa'],
  },
  // Sangeet and mehendi: a mustard sharara among strings of marigolds.
  {
    kind: 'sharara',
    colour: '#d9a21b',
    accent: '#2f6b3a',
    ground: '#1f4d3a',
    glow: '#f6dd8c',
    decor: 'strings',
    props: [],
  },
  // Jewellery still life on velvet, with scattered rose petals.
  {
    kind: 'jewellery-set',
    colour: '#1f5e4a',
    accent: '#d4af37',
    ground: '#2a1c2e',
    glow: '#e9c98e',
    decor: 'petals',
    props: ['clutch', 'juttis'],
  },
  // Reception evening: a navy gown under a sky of small lights.
  {
    kind: 'gown',
    colour: '#1f2a4d',
    accent: '#c0c0c8',
    ground: '#121a33',
    glow: '#b9c4e8',
    decor: 'stars',
    props: [],
  },
];

const ARCH = 'M960 860V330C960 190 1080 95 1230 50C1380 95 1500 190 1500 330V860Z';

function background(id: string, theme: HeroTheme): string {
  const defs =
    linear(
      `${id}bg`,
      [
        { at: 0, colour: theme.ground },
        { at: 0.55, colour: mix(theme.ground, theme.glow, 0.18) },
        { at: 1, colour: mix(theme.ground, theme.glow, 0.32) },
      ],
      [0, 0, 1, 0.3],
    ) +
    radial(
      `${id}gl`,
      [
        { at: 0, colour: theme.glow, opacity: 0.45 },
        { at: 1, colour: theme.glow, opacity: 0 },
      ],
      { cx: 0.77, cy: 0.45, r: 0.5 },
    ) +
    tag(
      'pattern',
      { id: `${id}jl`, width: 48, height: 48, patternUnits: 'userSpaceOnUse' },
      path('M24 4L44 24L24 44L4 24Z', {
        fill: 'none',
        stroke: tint(theme.ground, 0.35),
        'stroke-width': 1,
      }) + circle(24, 24, 3, { fill: tint(theme.ground, 0.3) }),
    ) +
    linear(
      `${id}fade`,
      [
        { at: 0, colour: '#000', opacity: 0.1 },
        { at: 1, colour: '#000', opacity: 0 },
      ],
      [0, 0, 1, 0],
    );
  return (
    `<defs>${defs}</defs>` +
    rect(0, 0, 1600, 900, { fill: `url(#${id}bg)` }) +
    rect(0, 0, 1600, 900, { fill: `url(#${id}jl)`, opacity: 0.16 }) +
    rect(0, 0, 1600, 900, { fill: `url(#${id}gl)` }) +
    rect(0, 0, 760, 900, { fill: `url(#${id}fade)` })
  );
}

function archWindow(id: string, theme: HeroTheme, index: number): string {
  const scene = renderGarmentScene({
    kind: theme.kind,
    colour: theme.colour,
    accent: theme.accent,
    view: 0,
    seed: 900 + index,
  });
  const frame = tint(theme.accent, 0.15);
  return (
    `<defs><clipPath id="${id}ac"><path d="${ARCH}"/></clipPath></defs>` +
    path(ARCH, { fill: '#000', opacity: 0.25, transform: 'translate(14 18)' }) +
    group(group(scene, { transform: 'translate(930 60) scale(1.0)' }), {
      'clip-path': `url(#${id}ac)`,
    }) +
    path(ARCH, { fill: 'none', stroke: frame, 'stroke-width': 14 }) +
    path(ARCH, {
      fill: 'none',
      stroke: shade(theme.accent, 0.35),
      'stroke-width': 2,
      transform: 'translate(0 0)',
    }) +
    path('M940 860H1520', { stroke: frame, 'stroke-width': 22 })
  );
}

/** One marigold drawn once (radius 10, id `mg`) and placed many times. */
const marigoldDef = (mg: string): string => `<defs><g id="${mg}">${marigold(0, 0, 10)}</g></defs>`;
const bloom = (mg: string, x: number, y: number, r: number): string =>
  tag('use', {
    href: `#${mg}`,
    transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(r / 10).toFixed(2)})`,
  });

function garland(mg: string, x0: number, x1: number, y: number, sag: number, r: number): string {
  let out = path(`M${x0} ${y}Q${(x0 + x1) / 2} ${y + sag * 2} ${x1} ${y}`, {
    fill: 'none',
    stroke: '#2f6b3a',
    'stroke-width': 3,
  });
  const steps = Math.max(6, Math.round((x1 - x0) / (r * 1.6)));
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    const x = x0 + (x1 - x0) * t;
    const yy = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y;
    out += bloom(mg, x, yy, i % 3 === 1 ? r * 0.8 : r);
  }
  return out;
}

function hangingString(mg: string, x: number, top: number, length: number, r: number): string {
  let out = path(`M${x} ${top}V${top + length}`, { stroke: '#2f6b3a', 'stroke-width': 2 });
  for (let y = top + r; y <= top + length; y += r * 1.7) out += bloom(mg, x, y, r);
  return out;
}

function lamp(x: number, top: number, length: number, colour: string): string {
  return (
    path(`M${x} ${top}V${top + length}`, { stroke: colour, 'stroke-width': 2 }) +
    path(`M${x - 22} ${top + length}H${x + 22}L${x + 14} ${top + length + 34}H${x - 14}Z`, {
      fill: colour,
    }) +
    path(
      `M${x - 14} ${top + length + 34}Q${x} ${top + length + 56} ${x + 14} ${top + length + 34}`,
      {
        fill: shade(colour, 0.3),
      },
    ) +
    circle(x, top + length + 26, 26, { fill: '#ffd98a', opacity: 0.25 })
  );
}

function decor(mg: string, theme: HeroTheme, index: number): string {
  switch (theme.decor) {
    case 'garlands':
      return (
        garland(mg, 880, 1580, 0, 46, 15) +
        hangingString(mg, 905, 0, 250, 11) +
        hangingString(mg, 1555, 0, 300, 11)
      );
    case 'strings':
      return [860, 900, 1540, 1580]
        .map((x, i) => hangingString(mg, x, 0, 180 + ((i * 97) % 160), 12))
        .join('');
    case 'lamps':
      return (
        lamp(880, 0, 120, tint(theme.accent, 0.1)) + lamp(1580, 0, 190, tint(theme.accent, 0.1))
      );
    case 'petals': {
      let out = '';
      const spots = [
        [880, 760],
        [905, 805],
        [1545, 720],
        [1575, 790],
        [860, 690],
        [1530, 840],
      ];
      spots.forEach(([x, y], i) => {
        out += path('M0-12C8-10 10 3 0 12C-10 3-8-10 0-12Z', {
          fill: ['#c2344d', '#d8566b', '#e58a9a'][i % 3],
          transform: `translate(${x} ${y}) rotate(${(i * 57 + index * 13) % 180})`,
        });
      });
      return out + bloom(mg, 1560, 640, 22) + bloom(mg, 890, 600, 18);
    }
    case 'stars': {
      let out = '';
      for (let i = 0; i < 26; i += 1) {
        const x = 820 + ((i * 137) % 780);
        const y = 30 + ((i * 89) % 320);
        out += circle(x, y, 1.5 + (i % 3), { fill: '#f4f1ff', opacity: 0.35 + (i % 4) * 0.15 });
      }
      return out;
    }
  }
}

/** Flag bunting in festive colours, hung along a gentle curve. */
function bunting(x0: number, x1: number, y: number, sag: number): string {
  const colours = ['#e4387a', '#f29b1d', '#2f8f5b', '#f4c430', '#7b3fa0'];
  let flags = '';
  const count = Math.round((x1 - x0) / 46);
  colours.forEach((colour, c) => {
    let d = '';
    for (let i = c; i < count; i += colours.length) {
      const t = (i + 0.5) / count;
      const x = x0 + (x1 - x0) * t;
      const yy = y + sag * 4 * t * (1 - t);
      d += `M${Math.round(x - 17)} ${Math.round(yy)}h34l-17 42Z`;
    }
    flags += path(d, { fill: colour });
  });
  return (
    path(`M${x0} ${y}Q${(x0 + x1) / 2} ${y + sag * 2} ${x1} ${y}`, {
      fill: 'none',
      stroke: '#f3e3c0',
      'stroke-width': 2,
    }) + flags
  );
}

/** Strings of small glowing beads, for the evening artwork. */
function fairyLights(xs: readonly number[], colour: string): string {
  let beads = '';
  let cords = '';
  xs.forEach((x, i) => {
    const length = 160 + ((i * 71) % 170);
    cords += `M${x} 0V${length}`;
    for (let y = 18; y <= length; y += 26) beads += `M${x} ${y}h0`;
  });
  return (
    path(cords, { stroke: colour, 'stroke-width': 1, opacity: 0.35 }) +
    path(beads, { stroke: colour, 'stroke-width': 14, 'stroke-linecap': 'round', opacity: 0.18 }) +
    path(beads, { stroke: '#fffdf2', 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.9 })
  );
}

/** A context with the standard paints for an accessory drawn outside the arch. */
function propCtx(id: string, colour: string, accent: string): { ctx: Ctx; defs: string } {
  const ctx = makeCtx(id, colour, accent, 7);
  return { ctx, defs: `<defs>${standardDefs(ctx)}</defs>` };
}

const shadowAt = (cx: number, cy: number, rx: number): string =>
  ellipse(cx, cy, rx, rx * 0.1, { fill: '#000', opacity: 0.28 });

function props(id: string, theme: HeroTheme): string {
  let out = '';
  for (const prop of theme.props) {
    if (prop === 'safa') {
      // the groom's turban on a head form beside the arch
      const { ctx, defs } = propCtx(`${id}sf`, '#c2412d', '#d4af37');
      out +=
        defs +
        shadowAt(852, 868, 110) +
        rect(752, 842, 200, 26, { fill: tint(theme.accent, 0.1), rx: 4 }) +
        group(safaBust(ctx), { transform: 'translate(852 846) scale(.52) translate(-300 -626)' });
    } else if (prop === 'clutch') {
      const { ctx, defs } = propCtx(`${id}cl`, '#8e1f3a', theme.accent);
      out +=
        defs +
        shadowAt(962, 862, 90) +
        group(clutchBody(ctx), { transform: 'translate(962 858) scale(.56) translate(-300 -526)' });
    } else {
      const { ctx, defs } = propCtx(`${id}jt`, '#1f5e4a', theme.accent);
      out +=
        defs +
        shadowAt(1450, 864, 110) +
        group(juttiPair(ctx), { transform: 'translate(1450 860) scale(.42) translate(-290 -592)' });
    }
  }
  return out;
}

export function renderHeroSvg(index: 0 | 1 | 2 | 3 | 4): string {
  const theme = THEMES[index];
  const id = `hero${index}`;
  let extra = '';
  if (index === 2) extra = bunting(760, 1600, 0, 70);
  if (index === 4) extra = fairyLights([820, 880, 1530, 1575], theme.glow);
  return svgDocument(
    1600,
    900,
    marigoldDef(`${id}mg`) +
      background(id, theme) +
      archWindow(id, theme, index) +
      decor(`${id}mg`, theme, index) +
      extra +
      props(id, theme),
  );
}
