/** Accessory painters: jewellery set, clutch, safa and juttis, each with its own staging. */
import { floorShadow, idOf, ref, type Ctx } from './context.js';
import { lightness, mix, shade, tint } from './colour.js';
import { zari } from './garment-kit.js';
import { archStudio, linenSurface, marigold, petals, studio } from './scene.js';
import {
  circle,
  ellipse,
  group,
  layered,
  linear,
  path,
  poly,
  rect,
  smooth,
  sym,
  tag,
  type Pt,
} from './svg-kit.js';

export type StagedView = 0 | 1 | 3;

const PEARL = '#f5efe2';

/** A round display plinth whose top is at `y`. */
function plinth(ctx: Ctx, y: number, half: number): string {
  const top = tint(ctx.pal.wall, 0.5);
  const side = shade(ctx.pal.wall, 0.1);
  return (
    path(`M${300 - half} ${y}V${y + 70}A${half} 18 0 0 0 ${300 + half} ${y + 70}V${y}Z`, {
      fill: side,
    }) + ellipse(300, y, half, 18, { fill: top, stroke: shade(ctx.pal.wall, 0.15) })
  );
}

function velvetColour(ctx: Ctx): string {
  return lightness(ctx.pal.main) < 0.16 ? '#e9dfd2' : mix('#2b1f2c', ctx.pal.main, 0.22);
}

// ---------------------------------------------------------------- jewellery

/** A jhumka earring hanging from (x, y). */
function jhumka(ctx: Ctx, x: number, y: number, s = 1): string {
  const { pal } = ctx;
  return group(
    circle(0, 0, 8, { fill: ref(ctx, 'a') }) +
      circle(0, 0, 4, { fill: pal.main }) +
      path('M0 8V18', { stroke: pal.accent, 'stroke-width': 3 }) +
      path('M-20 50C-20 28-12 18 0 18C12 18 20 28 20 50Z', {
        fill: ref(ctx, 'a'),
        stroke: pal.accentDark,
      }) +
      path('M-14 40h28', { stroke: pal.main, 'stroke-width': 4, 'stroke-dasharray': '4 3' }) +
      path('M-19 56H19', {
        stroke: PEARL,
        'stroke-width': 5,
        'stroke-dasharray': '0 6.3',
        'stroke-linecap': 'round',
      }),
    { transform: `translate(${x} ${y})${s === 1 ? '' : ` scale(${s})`}` },
  );
}

/** Choker, three-strand rani haar and pendant, drawn around a neck at x = 300. */
function necklace(ctx: Ctx): string {
  const { pal } = ctx;
  // One strand from the sides of the neck, out over the collarbones and down to `drop`.
  const strand = (drop: number, w: number): string =>
    `M272 244C${300 - w} 280 ${300 - w * 0.75} ${drop} 300 ${drop}C${300 + w * 0.75} ${drop} ${300 + w} 280 328 244`;
  let out = '';
  out += path(strand(440, 96), {
    fill: 'none',
    stroke: PEARL,
    'stroke-width': 6,
    'stroke-dasharray': '0 8',
    'stroke-linecap': 'round',
  });
  out += path(strand(402, 82), { fill: 'none', stroke: pal.accent, 'stroke-width': 3 });
  out += path(strand(402, 82), {
    fill: 'none',
    stroke: pal.main,
    'stroke-width': 7,
    'stroke-dasharray': '0 11',
    'stroke-linecap': 'round',
  });
  out += path(strand(364, 66), {
    fill: 'none',
    stroke: PEARL,
    'stroke-width': 6,
    'stroke-dasharray': '0 8',
    'stroke-linecap': 'round',
  });
  // choker
  out += path('M268 226C276 262 324 262 332 226', {
    fill: 'none',
    stroke: ref(ctx, 'a'),
    'stroke-width': 20,
  });
  out += path('M268 226C276 262 324 262 332 226', {
    fill: 'none',
    stroke: pal.main,
    'stroke-width': 9,
    'stroke-dasharray': '0 12',
    'stroke-linecap': 'round',
  });
  out += path('M266 238C276 276 324 276 334 238', {
    fill: 'none',
    stroke: PEARL,
    'stroke-width': 4,
    'stroke-dasharray': '0 7',
    'stroke-linecap': 'round',
  });
  // pendant
  out += path(
    'M300 434C322 434 334 454 334 472C334 496 312 512 300 526C288 512 266 496 266 472C266 454 278 434 300 434Z',
    {
      fill: ref(ctx, 'a'),
      stroke: pal.accentDark,
    },
  );
  out += path(
    'M300 450C312 450 318 462 318 472C318 486 308 496 300 504C292 496 282 486 282 472C282 462 288 450 300 450Z',
    { fill: pal.main },
  );
  out += ellipse(295, 466, 4, 7, { fill: '#ffffff', opacity: 0.35 });
  out += path('M270 494Q300 546 330 494', {
    fill: 'none',
    stroke: PEARL,
    'stroke-width': 5,
    'stroke-dasharray': '0 7',
    'stroke-linecap': 'round',
  });
  out += circle(300, 538, 6, { fill: PEARL });
  return out;
}

function bust(ctx: Ctx): string {
  const velvet = velvetColour(ctx);
  const id = idOf(ctx, 'vv');
  const shape = smooth(
    sym([
      [300, 150],
      [328, 150, 1],
      [330, 200],
      [336, 240],
      [358, 266],
      [404, 284],
      [446, 304],
      [466, 336],
      [464, 376],
      [446, 416],
      [430, 470],
      [428, 540],
      [436, 556, 1],
      [300, 560],
    ]),
  );
  return (
    `<defs>${linear(id, [
      { at: 0, colour: shade(velvet, 0.35) },
      { at: 0.45, colour: tint(velvet, 0.12) },
      { at: 1, colour: shade(velvet, 0.4) },
    ])}</defs>` +
    path(shape, { fill: `url(#${id})` }) +
    ellipse(300, 151, 28, 6, { fill: shade(velvet, 0.2) })
  );
}

export function jewellerySet(ctx: Ctx, view: StagedView): string {
  const { pal } = ctx;
  if (view === 0) {
    return (
      studio(ctx) +
      floorShadow(ctx, 300, 640, 230, 24) +
      plinth(ctx, 556, 210) +
      bust(ctx) +
      necklace(ctx) +
      jhumka(ctx, 426, 312) +
      jhumka(ctx, 174, 312)
    );
  }
  if (view === 1) {
    // an open jewellery box: satin-lined lid behind, velvet tray in front
    const velvet = velvetColour(ctx);
    return (
      studio(ctx, 560) +
      floorShadow(ctx, 300, 690, 260, 26) +
      path('M90 210L510 210L540 430L60 430Z', { fill: shade(pal.main, 0.45) }) +
      path('M112 228L488 228L512 416L88 416Z', { fill: tint(velvet, 0.3) }) +
      path('M112 228L488 228L512 416L88 416Z', { fill: ref(ctx, 'd'), opacity: 0.35 }) +
      path('M60 430L540 430L560 690L40 690Z', { fill: shade(pal.main, 0.5) }) +
      path('M78 444L522 444L538 672L62 672Z', { fill: velvet }) +
      group(necklace(ctx), {
        transform: 'translate(300 556) scale(.95 .6) translate(-300 -390)',
      }) +
      jhumka(ctx, 120, 560, 0.9) +
      jhumka(ctx, 480, 560, 0.9) +
      path('M40 690L560 690L560 706L40 706Z', { fill: shade(pal.main, 0.6) })
    );
  }
  return (
    linenSurface(ctx, mix('#efe4d6', pal.main, 0.06)) +
    path('M0 520C140 470 260 560 420 520S600 470 600 470V800H0Z', {
      fill: velvetColour(ctx),
      opacity: 0.9,
    }) +
    group(necklace(ctx), {
      transform: 'translate(300 380) rotate(-8) scale(1.2) translate(-300 -390)',
    }) +
    jhumka(ctx, 470, 560, 1.1) +
    jhumka(ctx, 130, 600, 1.1) +
    ellipse(470, 200, 44, 44, { fill: 'none', stroke: ref(ctx, 'a'), 'stroke-width': 9 }) +
    ellipse(480, 212, 44, 44, {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': 9,
      'stroke-dasharray': '3 3',
    }) +
    petals(ctx, [
      [90, 120],
      [130, 160],
      [520, 720],
      [556, 680],
      [90, 740],
    ]) +
    marigold(100, 220, 24)
  );
}

// ---------------------------------------------------------------- clutch

/** The box clutch with its chain and tassel, centred near (300, 430). */
export function clutchBody(ctx: Ctx): string {
  const { pal } = ctx;
  const body =
    'M176 344H424Q436 344 436 360V506Q436 526 416 526H184Q164 526 164 506V360Q164 344 176 344Z';
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    rays += poly(
      [
        [300 + Math.cos(a) * 26, 436 + Math.sin(a) * 26],
        [300 + Math.cos(a) * 46, 436 + Math.sin(a) * 46],
      ],
      false,
    );
  }
  return (
    path('M182 348C150 180 450 180 418 348', {
      fill: 'none',
      stroke: pal.accentDark,
      'stroke-width': 5,
    }) +
    path('M182 348C150 180 450 180 418 348', {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': 4,
      'stroke-dasharray': '7 3',
    }) +
    layered(idOf(ctx, 'cb'), body, [
      { fill: ref(ctx, 'g'), stroke: pal.line },
      { fill: ref(ctx, 'm'), opacity: 0.7 },
    ]) +
    path('M184 372H416V506H184Z', {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': 3,
      'stroke-dasharray': '0 7',
      'stroke-linecap': 'round',
    }) +
    circle(300, 436, 50, { fill: pal.deep, stroke: pal.accent, 'stroke-width': 3 }) +
    path(rays, {
      stroke: pal.accent,
      'stroke-width': 5,
      'stroke-linecap': 'round',
    }) +
    circle(300, 436, 20, { fill: ref(ctx, 'a') }) +
    circle(300, 436, 9, { fill: PEARL }) +
    path('M166 360Q166 340 186 340H414Q434 340 434 360V366H166Z', {
      fill: ref(ctx, 'a'),
      stroke: pal.accentDark,
    }) +
    circle(300, 328, 12, { fill: ref(ctx, 'a'), stroke: pal.accentDark }) +
    circle(300, 328, 5, { fill: pal.main }) +
    path('M430 380q12 20 10 44', { fill: 'none', stroke: pal.accent, 'stroke-width': 2 }) +
    path('M432 424h16l6 58h-28z', { fill: pal.main }) +
    path('M434 436h12M436 446v36M440 446v36M444 446v36', {
      stroke: pal.accent,
      'stroke-width': 2,
    }) +
    circle(440, 426, 6, { fill: ref(ctx, 'a') })
  );
}

export function clutch(ctx: Ctx, view: StagedView): string {
  const { pal } = ctx;
  if (view === 0) {
    return (
      studio(ctx) +
      floorShadow(ctx, 300, 650, 230, 22) +
      plinth(ctx, 560, 190) +
      ellipse(300, 556, 150, 10, { fill: '#000', opacity: 0.12 }) +
      clutchBody(ctx)
    );
  }
  if (view === 1) {
    const side = 'M436 352L482 372V520L436 526Z';
    return (
      archStudio(ctx) +
      floorShadow(ctx, 300, 660, 230, 22) +
      plinth(ctx, 572, 200) +
      path(side, { fill: pal.deep, stroke: pal.line }) +
      path('M436 352L482 372V380L436 366Z', { fill: pal.accentDark }) +
      group(clutchBody(ctx), { transform: 'translate(20 30) skewY(3) scale(.92 1)' })
    );
  }
  return (
    linenSurface(ctx, mix('#f1e6da', pal.main, 0.05)) +
    path('M0 600C160 560 300 660 600 560V800H0Z', { fill: tint(pal.accent, 0.6), opacity: 0.7 }) +
    group(clutchBody(ctx), {
      transform: 'translate(300 420) rotate(-10) scale(1.15) translate(-300 -430)',
    }) +
    circle(470, 650, 30, { fill: 'none', stroke: ref(ctx, 'a'), 'stroke-width': 8 }) +
    circle(470, 620, 9, { fill: pal.main, stroke: pal.accent, 'stroke-width': 3 }) +
    petals(ctx, [
      [80, 130],
      [120, 180],
      [520, 120],
      [90, 700],
      [140, 740],
      [540, 760],
    ]) +
    marigold(500, 180, 26) +
    marigold(80, 630, 20)
  );
}

// ---------------------------------------------------------------- safa

function safaPatterns(ctx: Ctx): string {
  const { pal } = ctx;
  const spots = ctx.motif === 1;
  const inner = spots
    ? circle(4, 4, 1.8, { fill: PEARL }) +
      circle(12, 12, 1.8, { fill: pal.accent }) +
      circle(12, 4, 1, { fill: PEARL })
    : path('M-4 16L16-4M4 20L20 4', { stroke: pal.accent, 'stroke-width': 3, opacity: 0.8 });
  return tag(
    'pattern',
    {
      id: idOf(ctx, 'sp'),
      width: 16,
      height: 16,
      patternUnits: 'userSpaceOnUse',
      patternTransform: spots ? undefined : 'rotate(10)',
    },
    inner,
  );
}

const TURBAN: Pt[] = sym([
  [300, 110],
  [356, 112],
  [402, 134],
  [424, 178],
  [422, 228],
  [406, 262],
  [368, 280, 1],
  [330, 274],
  [300, 260],
]);

function turban(ctx: Ctx, back: boolean): string {
  const { pal } = ctx;
  const folds = back
    ? 'M184 190Q300 232 416 190M180 222Q300 264 420 222M192 158Q300 196 408 158M212 130Q300 158 388 130M198 250Q300 290 402 250'
    : 'M202 238Q244 168 356 124M214 260Q268 188 398 148M262 270Q322 208 420 194M398 238Q356 168 244 124M386 260Q332 188 202 148M338 270Q278 208 180 194';
  let out = `<defs>${safaPatterns(ctx)}</defs>`;
  out += layered(idOf(ctx, 'tb'), smooth(TURBAN), [
    { fill: ref(ctx, 'g'), stroke: pal.line },
    { fill: ref(ctx, 'sp'), opacity: 0.5 },
  ]);
  // each wrap: a soft shadow under its edge, the zari selvedge, and a highlight above
  out += path(folds, { fill: 'none', stroke: pal.deep, 'stroke-width': 12, opacity: 0.3 });
  out += path(folds, {
    fill: 'none',
    stroke: pal.accent,
    'stroke-width': 2.5,
    transform: 'translate(0 -5)',
  });
  out += path(folds, {
    fill: 'none',
    stroke: pal.light,
    'stroke-width': 3,
    opacity: 0.55,
    transform: 'translate(0 -10)',
  });
  if (back) return out;
  out += path('M236 250Q300 290 364 250', {
    fill: 'none',
    stroke: PEARL,
    'stroke-width': 5,
    'stroke-dasharray': '0 8',
    'stroke-linecap': 'round',
  });
  // kalgi: jewelled brooch with a feather plume
  out += path('M302 170C300 130 318 96 348 66C340 100 326 130 312 170Z', {
    fill: PEARL,
    stroke: '#d8cdb8',
  });
  out += path('M306 160C312 126 326 100 346 74', {
    fill: 'none',
    stroke: '#cdbfa6',
    'stroke-width': 1.5,
  });
  out += ellipse(300, 184, 20, 24, { fill: ref(ctx, 'a'), stroke: pal.accentDark });
  out += ellipse(300, 184, 9, 12, { fill: '#b3203a' });
  out += path('M300 208V226', {
    stroke: PEARL,
    'stroke-width': 6,
    'stroke-dasharray': '0 8',
    'stroke-linecap': 'round',
  });
  return out;
}

function headForm(ctx: Ctx): string {
  const { pal } = ctx;
  const shape = smooth(
    sym([
      [300, 176],
      [344, 184],
      [362, 230],
      [360, 286],
      [346, 318],
      [326, 336],
      [322, 392],
      [350, 410],
      [430, 428],
      [470, 462],
      [486, 530],
      [490, 620, 1],
      [300, 626],
    ]),
  );
  return path(shape, { fill: ref(ctx, 'f'), stroke: pal.formDark });
}

function safaTail(ctx: Ctx, d: string, end: string): string {
  return (
    layered(idOf(ctx, 'tl'), d, [
      { fill: ref(ctx, 'g'), stroke: ctx.pal.line },
      { fill: ref(ctx, 'sp'), opacity: 0.75 },
    ]) + zari(ctx, end, 14)
  );
}

/** The safa on its head form, without staging (also used by the hero artworks). */
export function safaBust(ctx: Ctx): string {
  const tail: Pt[] = [
    [392, 236],
    [420, 250],
    [440, 360],
    [452, 520],
    [458, 590, 1],
    [404, 594, 1],
    [404, 470],
    [396, 340],
    [384, 270],
  ];
  return headForm(ctx) + turban(ctx, false) + safaTail(ctx, smooth(tail), 'M404 576L458 572');
}

export function safa(ctx: Ctx, view: StagedView): string {
  const { pal } = ctx;
  if (view === 0) {
    return (
      studio(ctx) + floorShadow(ctx, 300, 650, 210, 22) + plinth(ctx, 600, 200) + safaBust(ctx)
    );
  }
  if (view === 1) {
    return (
      archStudio(ctx) +
      floorShadow(ctx, 300, 700, 210, 22) +
      plinth(ctx, 640, 200) +
      headForm(ctx) +
      safaTail(
        ctx,
        smooth([
          [270, 230],
          [330, 230],
          [344, 400],
          [366, 560],
          [380, 660, 1],
          [222, 664, 1],
          [238, 560],
          [256, 400],
        ]),
        'M226 640L378 636',
      ) +
      turban(ctx, true)
    );
  }
  return (
    linenSurface(ctx, mix('#efe5d8', pal.main, 0.05)) +
    ellipse(300, 420, 220, 220, { fill: ref(ctx, 'a'), opacity: 0.55 }) +
    ellipse(300, 420, 196, 196, { fill: tint(pal.accent, 0.35), opacity: 0.6 }) +
    safaTail(
      ctx,
      smooth([
        [360, 380],
        [430, 470],
        [470, 600],
        [500, 720, 1],
        [400, 740, 1],
        [390, 620],
        [350, 500],
        [300, 420],
      ]),
      'M404 716L498 700',
    ) +
    group(turban(ctx, false), { transform: 'translate(0 170)' }) +
    path('M150 600Q200 700 300 640', {
      fill: 'none',
      stroke: PEARL,
      'stroke-width': 8,
      'stroke-dasharray': '0 11',
      'stroke-linecap': 'round',
    }) +
    petals(ctx, [
      [80, 120],
      [520, 110],
      [110, 170],
      [70, 720],
      [540, 760],
    ]) +
    marigold(510, 190, 26)
  );
}

// ---------------------------------------------------------------- juttis

/** One jutti in side profile, toe pointing right, sole at y = 0, heel at x = 0. */
function juttiSide(ctx: Ctx, key: string): string {
  const { pal } = ctx;
  const upper =
    'M4-2C0-26 2-40 10-46C50-48 100-50 150-56C190-70 230-78 262-74C300-68 340-50 372-34C384-28 392-22 388-12C370 0 330 0 300 0H10Z';
  const vamp =
    'M150-56C190-70 230-78 262-74C300-68 340-50 372-34C384-28 392-22 388-12C370 0 330 0 300 0H158C150-20 148-40 150-56Z';
  return (
    path('M0 0H330C352 0 370-6 386-16L388-6C370 6 340 10 300 10H6Z', { fill: '#6b4a30' }) +
    path(upper, { fill: pal.dark, stroke: pal.line }) +
    layered(idOf(ctx, key), vamp, [
      { fill: ref(ctx, 'g') },
      { fill: ref(ctx, 'm') },
      { fill: ref(ctx, 'd'), opacity: 0.8 },
    ]) +
    path('M384-22C404-30 414-52 404-74C400-82 390-80 392-72', {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }) +
    zari(ctx, 'M150-56C190-70 230-78 262-74C300-68 340-50 372-34', 8) +
    zari(ctx, 'M158 0C150-20 148-40 150-56', 6) +
    zari(ctx, 'M10-46C50-48 100-50 150-56', 5) +
    circle(152, -58, 8, { fill: ref(ctx, 'a') })
  );
}

/** One jutti seen from above, toe pointing up, centred on (0, 0). */
function juttiTop(ctx: Ctx, key: string): string {
  const { pal } = ctx;
  const sole = smooth(
    sym(
      [
        [0, -184, 1],
        [22, -140],
        [50, -70],
        [62, 0],
        [60, 90],
        [46, 150],
        [0, 170],
      ],
      0,
    ),
  );
  const vamp = 'M0-174C16-144 46-80 56-16C40 0 20 8 0 10C-20 8-40 0-56-16C-46-80-16-144 0-174Z';
  return (
    path(sole, { fill: ref(ctx, 'g'), stroke: pal.line }) +
    path(
      smooth(
        sym(
          [
            [0, 4],
            [44, 12],
            [50, 80],
            [38, 144],
            [0, 158],
          ],
          0,
        ),
      ),
      { fill: tint(pal.accent, 0.55) },
    ) +
    layered(idOf(ctx, key), vamp, [
      { fill: ref(ctx, 'g') },
      { fill: ref(ctx, 'm') },
      { fill: 'none', stroke: pal.accent, 'stroke-width': 5 },
    ]) +
    circle(0, 0, 9, { fill: ref(ctx, 'a') }) +
    path('M0-182C6-196 2-206-6-206', {
      fill: 'none',
      stroke: pal.accent,
      'stroke-width': 5,
      'stroke-linecap': 'round',
    })
  );
}

/** A pair of juttis in side profile, the front one's sole at y = 580. */
export function juttiPair(ctx: Ctx): string {
  return (
    group(juttiSide(ctx, 'jb'), { transform: 'translate(106 498) scale(1.08)' }) +
    group(juttiSide(ctx, 'jf'), { transform: 'translate(52 580) scale(1.16)' })
  );
}

export function juttis(ctx: Ctx, view: StagedView): string {
  const { pal } = ctx;
  if (view === 0) {
    return (
      studio(ctx, 420) +
      floorShadow(ctx, 320, 502, 230, 16) +
      floorShadow(ctx, 300, 584, 270, 24) +
      juttiPair(ctx)
    );
  }
  if (view === 1) {
    const cloth = mix('#3a2430', pal.main, 0.25);
    return (
      rect(0, 0, 600, 800, { fill: lightness(pal.main) > 0.5 ? cloth : tint(pal.wall, 0.1) }) +
      rect(0, 0, 600, 800, { fill: ref(ctx, 'd'), opacity: 0.15 }) +
      group(juttiTop(ctx, 'tl'), { transform: 'translate(206 420) rotate(-6) scale(1.1)' }) +
      group(juttiTop(ctx, 'tr'), { transform: 'translate(394 420) rotate(6) scale(1.1)' })
    );
  }
  return (
    linenSurface(ctx, mix('#efe5d8', pal.main, 0.05)) +
    path('M380 0H600V300Z', { fill: tint(pal.accent, 0.5), opacity: 0.7 }) +
    group(juttiTop(ctx, 'fl'), { transform: 'translate(230 430) rotate(-24)' }) +
    group(juttiTop(ctx, 'fr'), { transform: 'translate(380 410) rotate(-4)' }) +
    petals(ctx, [
      [90, 120],
      [130, 150],
      [520, 700],
      [470, 740],
      [80, 720],
    ]) +
    marigold(100, 660, 26) +
    marigold(520, 560, 20)
  );
}
