/** Menswear painters: sherwani, bandhgala, kurta set, indo-western and tuxedo. */
import { idOf, ref, type Ctx } from './context.js';
import { mix, shade, tint } from './colour.js';
import {
  buttons,
  churidar,
  cuffLine,
  pair,
  piece,
  shoes,
  sleevePoints,
  trousers,
  zari,
} from './garment-kit.js';
import { maleForm } from './scene.js';
import { circle, layered, linear, mirrorPt, path, poly, smooth, sym, type Pt } from './svg-kit.js';

const SHOULDER: Pt = [398, 158];

/** Coat body outline from the collar to `hemY`, `hemHalf` wide at the hem. */
function coatOutline(hemY: number, hemHalf: number, neck = 148, centreHem = hemY + 4): Pt[] {
  return sym([
    [300, neck + 2],
    [326, neck, 1],
    [400, 158, 1],
    [414, 178],
    [416, 224],
    [406, 292],
    [396, 340],
    [300 + (hemHalf + 96) / 2, (340 + hemY) / 2],
    [300 + hemHalf, hemY, 1],
    [300 + hemHalf * 0.45, hemY + 3],
    [300, centreHem],
  ]);
}

const COLLAR = 'M275 124Q300 130 325 124L328 150Q300 156 272 150Z';

function collar(ctx: Ctx): string {
  return (
    piece(ctx, 'co', COLLAR, { fill: ctx.pal.dark }) +
    zari(ctx, 'M275 125Q300 131 325 125', 4) +
    zari(ctx, 'M272 150Q300 156 328 150', 4)
  );
}

function innerBack(ctx: Ctx): string {
  return ctx.flat ? path('M266 152Q300 112 334 152V190H266Z', { fill: ctx.pal.deep }) : '';
}

function sleeves(ctx: Ctx, motif: boolean, cuff = 12): string {
  return (
    pair(ctx, 'sl', sleevePoints(SHOULDER, 310, 30, 2), { motif, motifOpacity: 0.5 }) +
    (cuff > 0 ? zari(ctx, cuffLine(SHOULDER, 310, 30, 2, 8), cuff) : '')
  );
}

/** A back seam, and optionally a vent, for back views of coats. */
function backSeam(ctx: Ctx, hemY: number, vent: boolean): string {
  return path(`M300 156V${hemY}${vent ? `M300 ${hemY - 70}l6 ${70}` : ''}`, {
    stroke: ctx.pal.deep,
    'stroke-width': 2,
    fill: 'none',
    opacity: 0.7,
  });
}

/** A stole draped over the right shoulder and hanging in front. */
function stole(ctx: Ctx): string {
  const { pal } = ctx;
  const d = smooth([
    [380, 150],
    [412, 160],
    [420, 240],
    [424, 420],
    [428, 590, 1],
    [384, 598, 1],
    [384, 430],
    [380, 260],
    [370, 190],
  ]);
  return (
    layered(idOf(ctx, 'st'), d, [
      { fill: tint(pal.accent, 0.55), stroke: pal.accentDark, 'stroke-width': 1 },
      { fill: ref(ctx, 'd') },
    ]) +
    zari(ctx, 'M386 560L428 554', 14) +
    path('M390 600l0 14M398 600l0 14M406 599l0 14M414 598l0 14M422 597l0 14', {
      stroke: pal.accent,
      'stroke-width': 2.5,
    })
  );
}

export function sherwani(ctx: Ctx): string {
  const { pal } = ctx;
  const hem = 556;
  let out = maleForm(ctx) + innerBack(ctx);
  out += churidar(ctx, 520, tint(pal.accent, 0.7)) + shoes(ctx, 'jutti', [322, 278], 716);
  out += piece(ctx, 'bd', smooth(coatOutline(hem, 118)), { motif: true, motifOpacity: 0.7 });
  out += zari(ctx, `M184 ${hem - 2}Q300 ${hem + 10} 416 ${hem - 2}`, 12);
  if (ctx.back) return out + backSeam(ctx, hem, false) + sleeves(ctx, true) + collar(ctx);
  out += path(`M300 152V${hem + 4}`, { stroke: pal.deep, 'stroke-width': 2 });
  out += zari(ctx, `M292 152V${hem + 2}M308 152V${hem + 2}`, 5);
  out += sleeves(ctx, true) + collar(ctx) + buttons(ctx, 300, 168, 440, 9, 4.5);
  return ctx.flat ? out : out + stole(ctx);
}

export function bandhgala(ctx: Ctx): string {
  const { pal } = ctx;
  const hem = 446;
  let out = maleForm(ctx) + innerBack(ctx);
  out += trousers(ctx, 420, shade(pal.main, 0.35)) + shoes(ctx, 'oxford', [340, 260], 714);
  out += piece(ctx, 'bd', smooth(coatOutline(hem, 112, 148, hem + 10)), {});
  out += sleeves(ctx, false, 0);
  out +=
    buttons(ctx, 420, 440, 440, 1, 0) +
    path('M412 444l18-1M188 444l-18-1', { stroke: pal.deep, 'stroke-width': 2 });
  out += collar(ctx);
  if (ctx.back) return out + backSeam(ctx, hem, true);
  out += path(`M300 152V${hem + 10}`, { stroke: pal.deep, 'stroke-width': 2 });
  out += buttons(ctx, 300, 170, 410, 6, 5);
  // chest welt with pocket square, and two flap pockets
  out += path('M346 242H388M214 394H262M338 394H386', { stroke: pal.deep, 'stroke-width': 3 });
  out += path('M350 241L356 226L364 236L372 222L380 236L386 241Z', { fill: ref(ctx, 'a') });
  out += path('M214 396h48v12h-48zM338 396h48v12h-48z', { fill: pal.dark, opacity: 0.6 });
  return out;
}

export function kurtaSet(ctx: Ctx): string {
  const { pal } = ctx;
  const hem = 574;
  const pyjama = mix('#f4ede0', pal.main, 0.08);
  let out = maleForm(ctx) + innerBack(ctx);
  out += trousers(ctx, 520, pyjama) + shoes(ctx, 'jutti', [340, 260], 716);
  const body = coatOutline(hem, 108, 140, hem + 4);
  out += piece(ctx, 'bd', smooth(body), { motif: true, motifOpacity: 0.35 });
  out += path(`M405 ${hem - 70}L409 ${hem + 2}M195 ${hem - 70}L191 ${hem + 2}`, {
    stroke: pal.deep,
    'stroke-width': 3,
  });
  out += zari(ctx, `M192 ${hem}Q300 ${hem + 10} 408 ${hem}`, 8);
  out += sleeves(ctx, true, 10);
  if (ctx.back) {
    return (
      out +
      path('M240 200Q300 214 360 200', {
        stroke: pal.deep,
        'stroke-width': 1.5,
        fill: 'none',
        opacity: 0.6,
      }) +
      zari(ctx, 'M276 132Q300 140 324 132', 6)
    );
  }
  out += path('M292 140H308V276H292Z', { fill: pal.dark });
  out += zari(ctx, 'M290 140V278M310 140V278M290 278H310', 4);
  out += zari(ctx, 'M272 138Q300 150 328 138', 7);
  return out + buttons(ctx, 300, 162, 258, 4, 3.5);
}

export function indoWesternMen(ctx: Ctx): string {
  const { pal } = ctx;
  const pants = tint(pal.accent, 0.6);
  let outline: Pt[] = [
    [300, 150],
    [326, 148, 1],
    [400, 158, 1],
    [414, 178],
    [416, 224],
    [406, 292],
    [396, 340],
    [400, 410],
    [406, 472, 1],
    [360, 494],
    [300, 530],
    [240, 568],
    [192, 606, 1],
    [190, 520],
    [196, 440],
    [204, 340],
    [194, 292],
    [184, 224],
    [186, 178],
    [200, 158, 1],
    [274, 148, 1],
  ];
  if (ctx.back) outline = outline.map((p) => mirrorPt(p));
  let out = maleForm(ctx) + innerBack(ctx);
  out += trousers(ctx, 440, pants) + shoes(ctx, 'jutti', [340, 260], 716);
  out += piece(ctx, 'bd', smooth(outline), {});
  const hemLine = smooth(outline.slice(8, 13), false);
  out += zari(ctx, ctx.back ? smooth(outline.slice(8, 13), false) : hemLine, 10);
  out += sleeves(ctx, false, 12) + collar(ctx);
  if (ctx.back) return out + backSeam(ctx, 500, false);
  const wrap: Pt[] = [
    [324, 150],
    [320, 214],
    [300, 282],
    [262, 352],
    [204, 424],
  ];
  out += path(`${smooth(wrap, false)}L196 440`, {
    stroke: pal.deep,
    'stroke-width': 3,
    fill: 'none',
  });
  out += zari(ctx, smooth(wrap, false), 9);
  out +=
    buttons(ctx, 319, 228, 228, 1, 4.5) +
    buttons(ctx, 298, 287, 287, 1, 4.5) +
    buttons(ctx, 270, 340, 340, 1, 4.5) +
    buttons(ctx, 236, 390, 390, 1, 4.5);
  // brooch chain across the chest
  out += path('M352 204Q366 250 360 276', {
    stroke: pal.accent,
    'stroke-width': 2,
    fill: 'none',
    'stroke-dasharray': '3 2',
  });
  out +=
    circle(352, 202, 7, { fill: ref(ctx, 'a') }) + circle(360, 278, 6, { fill: ref(ctx, 'a') });
  return out;
}

export function tuxedo(ctx: Ctx): string {
  const { pal } = ctx;
  const hem = 452;
  const satin = idOf(ctx, 'sat');
  const ink = '#17131a';
  let out = `<defs>${linear(
    satin,
    [
      { at: 0, colour: shade(pal.main, 0.5) },
      { at: 0.5, colour: mix(tint(pal.main, 0.28), '#8a8a96', pal.main === ink ? 0.3 : 0) },
      { at: 1, colour: shade(pal.main, 0.35) },
    ],
    [0, 0, 1, 1],
  )}</defs>`;
  out += maleForm(ctx) + innerBack(ctx);
  out +=
    trousers(ctx, 430, shade(pal.main, 0.12), `url(#${satin})`) +
    shoes(ctx, 'oxford', [340, 260], 714);
  out += piece(ctx, 'bd', smooth(coatOutline(hem, 112, 146, ctx.back ? hem + 4 : hem - 14)), {});
  out += sleeves(ctx, false, 0);
  out += path('M408 462h26v8h-26zM192 462h-26v8h26z', { fill: '#f7f4ee' });
  if (ctx.back) {
    return (
      out +
      backSeam(ctx, hem, true) +
      path('M276 134Q300 142 324 134L326 150Q300 158 274 150Z', { fill: `url(#${satin})` })
    );
  }
  out += path(
    poly([
      [272, 128],
      [328, 128],
      [305, 340],
      [295, 340],
    ]),
    { fill: '#f8f5ef', stroke: '#d8d2c6' },
  );
  out += path('M292 176L297 330M308 176L303 330', { stroke: '#ddd6ca', 'stroke-width': 1.5 });
  out +=
    circle(300, 200, 2.4, { fill: ink }) +
    circle(300, 240, 2.4, { fill: ink }) +
    circle(300, 280, 2.4, { fill: ink });
  const lapel: Pt[] = [
    [326, 130, 1],
    [348, 146],
    [354, 182, 1],
    [384, 168, 1],
    [370, 214],
    [338, 284],
    [305, 340, 1],
    [312, 270],
    [320, 190],
  ];
  out += path(smooth(lapel) + smooth(lapel.map((p) => mirrorPt(p))), {
    fill: `url(#${satin})`,
    stroke: pal.line,
    'stroke-width': 1,
  });
  out +=
    path('M300 142L274 128V156ZM300 142L326 128V156Z', { fill: ink }) +
    path('M294 136h12v12h-12z', { fill: '#2c2630' });
  out += circle(300, 352, 5.5, { fill: ink });
  out += path('M348 246H388M216 398H264M336 398H384', { stroke: pal.deep, 'stroke-width': 3 });
  out += path('M352 245L358 230L366 240L373 226L382 245Z', { fill: pal.accent });
  return out;
}
