/** Womenswear painters: lehenga, saree, anarkali, gown, sharara and indo-western. */
import { idOf, ref, type Ctx } from './context.js';
import { shade, tint } from './colour.js';
import {
  buttons,
  churidar,
  cuffLine,
  flaredSkirt,
  fanBand,
  fanFolds,
  pair,
  piece,
  sheer,
  shoes,
  sleevePoints,
  zari,
  type Fan,
  type Flare,
} from './garment-kit.js';
import { femaleForm } from './scene.js';
import { circle, layered, path, smooth, sym, type Pt } from './svg-kit.js';

const SHOULDER: Pt = [382, 161];

/** Fitted blouse or bodice outline; `neck` is the neckline depth, `hem` its lower edge. */
function bodice(neck: number, hem: number, neckWidth = 24): Pt[] {
  const half: Pt[] = [
    [300, neck],
    [300 + neckWidth * 0.55, neck - 7],
    [300 + neckWidth * 0.9, neck - Math.min(28, (neck - 150) * 0.5)],
    [300 + neckWidth, 150, 1],
    [386, 162, 1],
    [394, 184],
    [393, 228],
  ];
  if (hem <= 300) {
    half.push([382, 268], [370, hem, 1], [336, hem + 4], [300, hem + 6]);
  } else {
    half.push(
      [380, 276],
      [364, 322],
      [372, 370],
      [382, Math.min(hem, 440)],
      [390, hem, 1],
      [300, hem + 4],
    );
  }
  return sym(half);
}

function neckline(neck: number, neckWidth = 24): string {
  const pts: Pt[] = [
    [300 - neckWidth, 150],
    [300 - neckWidth * 0.9, neck - Math.min(28, (neck - 150) * 0.5)],
    [300 - neckWidth * 0.55, neck - 7],
    [300, neck],
    [300 + neckWidth * 0.55, neck - 7],
    [300 + neckWidth * 0.9, neck - Math.min(28, (neck - 150) * 0.5)],
    [300 + neckWidth, 150],
  ];
  return smooth(pts, false);
}

/** Deep back neckline with tie cords and tassels (dori latkan). */
function backTie(ctx: Ctx, y: number): string {
  const { pal } = ctx;
  return (
    path(
      `M296 ${y}C290 ${y + 30} 286 ${y + 60} 282 ${y + 84}M304 ${y}C312 ${y + 30} 316 ${y + 60} 320 ${y + 88}`,
      {
        fill: 'none',
        stroke: pal.accent,
        'stroke-width': 2.5,
      },
    ) +
    path(`M276 ${y + 84}l6-6 6 6-2 18h-8ZM314 ${y + 88}l6-6 6 6-2 18h-8Z`, {
      fill: ref(ctx, 'a'),
    }) +
    circle(300, y, 5, { fill: pal.accent })
  );
}

/** The inside of the back of a garment, seen through the neckline in a flat-lay. */
function innerBack(ctx: Ctx, top: number, half: number): string {
  return ctx.flat
    ? path(
        `M${300 - half} ${top + 30}Q300 ${top - 10} ${300 + half} ${top + 30}V${top + 90}H${300 - half}Z`,
        { fill: ctx.pal.deep },
      )
    : '';
}

export function lehenga(ctx: Ctx): string {
  const skirt: Flare = {
    top: 318,
    topHalf: 64,
    hemY: 704,
    hemHalf: 216,
    dip: 16,
    ripple: 4,
    waves: 7,
    curve: 1.7,
  };
  const neck = ctx.back ? 250 : 206;
  let out = femaleForm(ctx) + innerBack(ctx, 140, 30);
  if (!ctx.back && !ctx.flat) {
    // dupatta tail falling behind the right shoulder
    out += sheer(
      ctx,
      'dt',
      smooth([
        [384, 160],
        [414, 170],
        [440, 260],
        [462, 420],
        [476, 610, 1],
        [420, 622, 1],
        [414, 450],
        [404, 300],
        [392, 220],
      ]),
      0.5,
    );
  }
  out += flaredSkirt(ctx, 'sk', skirt, { folds: 12, band: 62, midBand: 210 });
  out += zari(ctx, 'M236 320Q300 326 364 320', 10);
  out += pair(ctx, 'sl', sleevePoints(SHOULDER, 72, 30), { motif: true });
  out += zari(ctx, cuffLine(SHOULDER, 72, 30), 7);
  out += piece(ctx, 'ch', smooth(bodice(neck, 290, ctx.back ? 40 : 24)), { motif: true });
  out += zari(ctx, 'M231 291Q300 304 369 291', 9);
  out += zari(ctx, neckline(neck, ctx.back ? 40 : 24), 6);
  if (ctx.back) return out + backTie(ctx, neck + 2);
  if (!ctx.flat) {
    // dupatta drape across the body from the right shoulder to the left hip
    const drape: Pt[] = [
      [326, 150, 1],
      [388, 160, 1],
      [398, 198],
      [350, 250],
      [282, 318],
      [246, 372, 1],
      [222, 352, 1],
      [252, 300],
      [300, 232],
      [316, 192],
    ];
    out += sheer(ctx, 'dd', smooth(drape), 0.5);
    out += zari(ctx, 'M398 198C370 228 300 290 246 372M222 352C262 296 300 236 316 192', 5);
  }
  return out;
}

export function saree(ctx: Ctx): string {
  const { pal } = ctx;
  const skirt: Pt[] = sym([
    [300, 322],
    [364, 322, 1],
    [384, 362],
    [398, 412],
    [402, 520],
    [406, 640],
    [410, 716, 1],
    [360, 721],
    [300, 723],
  ]);
  const skirtBandLower = 'M190 716Q300 730 410 716';
  let out = femaleForm(ctx) + innerBack(ctx, 140, 30);
  if (!ctx.back && !ctx.flat) {
    out += pallu(
      ctx,
      smooth([
        [384, 160],
        [414, 170],
        [428, 260],
        [442, 420],
        [452, 590, 1],
        [396, 598, 1],
        [398, 420],
        [392, 260],
        [386, 200],
      ]),
      536,
      [396, 452],
    );
  }
  out += piece(ctx, 'sk', smooth(skirt), { motif: true, motifOpacity: 0.6 });
  out += path('M250 340Q240 520 228 712M350 340Q362 520 374 712M300 420V716', {
    stroke: pal.deep,
    'stroke-width': 10,
    opacity: 0.12,
    fill: 'none',
  });
  out += layered(idOf(ctx, 'sb'), 'M190 716Q300 730 410 716L408 684Q300 696 192 684Z', [
    { fill: pal.deep },
    { fill: ref(ctx, 'z') },
  ]);
  out += zari(ctx, 'M192 684Q300 696 408 684', 3) + zari(ctx, skirtBandLower, 3);
  if (!ctx.back) out += pleats(ctx);
  out += pair(ctx, 'sl', sleevePoints(SHOULDER, 60, 30), {});
  out += zari(ctx, cuffLine(SHOULDER, 60, 30), 6);
  const neck = ctx.back ? 236 : 200;
  out += piece(ctx, 'bl', smooth(bodice(neck, 288)), { fill: pal.dark });
  out += zari(ctx, neckline(neck), 4);
  if (ctx.back) {
    out += pallu(
      ctx,
      smooth([
        [212, 164],
        [300, 150],
        [344, 170],
        [354, 400],
        [360, 636, 1],
        [220, 646, 1],
        [212, 420],
        [204, 240],
      ]),
      572,
      [220, 360],
    );
    return out;
  }
  // pallu across the body, from the left waist up over the right shoulder
  const sash: Pt[] = [
    [324, 150, 1],
    [390, 160, 1],
    [398, 198],
    [390, 244],
    [330, 290],
    [262, 336],
    [236, 352, 1],
    [230, 300, 1],
    [266, 262],
    [300, 226],
    [316, 190],
  ];
  out += piece(ctx, 'pa', smooth(sash), { motif: true, motifOpacity: 0.9 });
  out +=
    zari(ctx, 'M390 244C370 262 300 310 236 352', 12) +
    zari(ctx, 'M230 300C262 262 300 226 316 190', 8);
  return out;
}

/** Fan of front pleats with their border, tucked at the waist. */
function pleats(ctx: Ctx): string {
  const { pal } = ctx;
  let fill = '';
  let lines = '';
  let border = '';
  for (let i = 0; i < 7; i++) {
    const a0 = 266 + i * 8;
    const a1 = a0 + 8;
    const b0 = 232 + i * 15;
    const b1 = b0 + 15;
    const d = `M${a0} 330L${a1} 330L${b1} 720L${b0} 722Z`;
    if (i % 2 === 1) fill += d;
    lines += `M${a0} 330L${b0} 722`;
    border += `M${b0} 722L${b1} 720L${b1 - 2} 688L${b0 - 2} 690Z`;
  }
  return (
    path('M266 330L322 330L337 720L232 722Z', { fill: pal.main }) +
    path(fill, { fill: pal.deep, opacity: 0.28 }) +
    path(lines, { stroke: pal.line, 'stroke-width': 1, opacity: 0.5 }) +
    layered(idOf(ctx, 'pb'), border, [{ fill: pal.accent }, { fill: ref(ctx, 'z'), opacity: 0.7 }])
  );
}

/** The decorated end of a saree that falls over the shoulder. */
function pallu(ctx: Ctx, d: string, bandTop: number, xs: readonly [number, number]): string {
  const { pal } = ctx;
  const [x0, x1] = xs;
  const bandH = 46;
  let tassels = '';
  for (let x = x0 + 6; x < x1; x += 9) tassels += `M${x} ${bandTop + bandH + 10}l1 14`;
  return (
    piece(ctx, 'pl', d, { motif: true, motifOpacity: 0.9 }) +
    layered(
      idOf(ctx, 'pe'),
      `M${x0 - 2} ${bandTop}L${x1 + 2} ${bandTop - 4}L${x1 + 4} ${bandTop + bandH}L${x0} ${bandTop + bandH + 10}Z`,
      [{ fill: pal.deep }, { fill: ref(ctx, 'z') }],
    ) +
    path(tassels, { stroke: pal.accent, 'stroke-width': 2.4, 'stroke-linecap': 'round' })
  );
}

export function anarkali(ctx: Ctx): string {
  const { pal } = ctx;
  const skirt: Flare = {
    top: 292,
    topHalf: 62,
    hemY: 640,
    hemHalf: 224,
    dip: 14,
    ripple: 5,
    waves: 9,
    curve: 2.1,
  };
  const neck = ctx.back ? 222 : 196;
  let out = femaleForm(ctx) + innerBack(ctx, 140, 30);
  out += churidar(ctx, 600, pal.light) + shoes(ctx, 'jutti', [322, 278], 716);
  out += flaredSkirt(ctx, 'sk', skirt, { folds: 18, band: 48, midBand: 150, motifOpacity: 0.55 });
  out += pair(ctx, 'sl', sleevePoints(SHOULDER, 306, 27, 4), {});
  out += zari(ctx, cuffLine(SHOULDER, 306, 27, 4, 8), 14);
  out += piece(ctx, 'bo', smooth(bodice(neck, 288)), {});
  out += layered(
    idOf(ctx, 'yk'),
    smooth(
      sym([
        [300, neck + 6],
        [328, 170],
        [350, 168],
        [356, 222],
        [332, 262],
        [300, 272],
      ]),
    ),
    [{ fill: ref(ctx, 'm') }],
  );
  out += zari(ctx, 'M234 291Q300 300 366 291', 10) + zari(ctx, neckline(neck), 6);
  return ctx.back
    ? out + backTie(ctx, neck + 2)
    : out + buttons(ctx, 300, neck + 12, neck + 40, 3, 3);
}

export function gown(ctx: Ctx): string {
  const { pal } = ctx;
  const skirt: Pt[] = [
    [300, 320],
    [362, 320, 1],
    [380, 372],
    [404, 462],
    [436, 580],
    [468, 676],
    [516, 724],
    [572, 746, 1],
    [470, 752],
    [380, 742],
    [300, 738],
    [210, 732],
    [128, 720, 1],
    [150, 640],
    [178, 528],
    [204, 430],
    [224, 366],
    [238, 320, 1],
  ];
  let out = femaleForm(ctx);
  out += piece(ctx, 'sk', smooth(skirt), {});
  out += path(
    'M262 340C244 460 210 600 176 716M300 344C296 480 290 620 288 734M338 340C360 460 400 600 452 740',
    {
      stroke: pal.deep,
      'stroke-width': 26,
      opacity: 0.14,
      fill: 'none',
      'stroke-linecap': 'round',
    },
  );
  out += path(
    'M280 344C268 470 246 600 226 726M322 344C330 470 350 610 380 738M356 350C384 470 430 600 500 730',
    {
      stroke: pal.light,
      'stroke-width': 6,
      opacity: 0.5,
      fill: 'none',
      'stroke-linecap': 'round',
    },
  );
  out += layered(idOf(ctx, 'sq'), smooth(skirt), [{ fill: ref(ctx, 'd'), opacity: 0.35 }]);
  out += zari(
    ctx,
    smooth(
      [
        [128, 720],
        [210, 732],
        [300, 738],
        [380, 742],
        [470, 752],
        [572, 746],
      ],
      false,
    ),
    4,
  );
  const neck = ctx.back ? 236 : 220;
  const top: Pt[] = sym([
    [300, neck],
    [316, 208],
    [340, 202],
    [364, 206],
    [384, 222, 1],
    [384, 262],
    [372, 296],
    [362, 322, 1],
    [300, 324],
  ]);
  out += piece(ctx, 'bo', smooth(top), {});
  out += layered(idOf(ctx, 'bs'), smooth(top), [{ fill: ref(ctx, 'd') }]);
  out += zari(
    ctx,
    smooth(
      [
        [216, 222],
        [236, 206],
        [260, 202],
        [284, 208],
        [300, neck],
        [316, 208],
        [340, 202],
        [364, 206],
        [384, 222],
      ],
      false,
    ),
    4,
  );
  out += zari(ctx, 'M236 321Q300 330 364 321', 11);
  if (ctx.back) {
    let lace = '';
    for (let y = 244; y < 314; y += 12) lace += `M290 ${y}L310 ${y + 10}M310 ${y}L290 ${y + 10}`;
    out += path(lace, { stroke: pal.accent, 'stroke-width': 2, fill: 'none' });
    out += path('M300 326l-26-14 4 26ZM300 326l26-14-4 26Z', {
      fill: pal.dark,
      stroke: pal.accent,
      'stroke-width': 1.5,
    });
    return out;
  }
  return out + circle(300, 326, 9, { fill: ref(ctx, 'a'), stroke: pal.accentDark });
}

export function sharara(ctx: Ctx): string {
  const { pal } = ctx;
  const hem: Pt[] = [
    [490, 718],
    [452, 728],
    [404, 730],
    [352, 726],
    [318, 722],
  ];
  const leg: Pt[] = [
    [302, 430, 1],
    [386, 430, 1],
    [382, 500],
    [374, 546],
    [408, 610],
    [452, 680],
    [490, 718, 1],
    ...hem.slice(1, -1),
    [318, 722, 1],
    [312, 640],
    [306, 560],
  ];
  let out = femaleForm(ctx) + innerBack(ctx, 140, 30);
  out += pair(ctx, 'lg', leg, { motif: true, motifOpacity: 0.6 });
  for (const side of [1, -1]) {
    const flip = (p: Pt): Pt => [side === 1 ? p[0] : 600 - p[0], p[1]];
    const fan: Fan = { top: [flip([374, 548]), flip([306, 550])], hem: hem.map(flip) };
    out += fanFolds(ctx, fan, 7, 0.2) + fanBand(ctx, `hb${side}`, fan, 26);
  }
  out += zari(ctx, 'M306 548Q340 554 374 546M294 548Q260 554 226 546', 12);
  out += pair(ctx, 'sl', sleevePoints(SHOULDER, 216, 30, 2), {});
  out += zari(ctx, cuffLine(SHOULDER, 216, 30, 2), 10);
  const neck = ctx.back ? 214 : 204;
  const kurti = bodice(neck, 478);
  out += piece(ctx, 'ku', smooth(kurti), { motif: true, motifOpacity: 0.5 });
  out += path('M388 424L392 478M212 424L208 478', { stroke: pal.deep, 'stroke-width': 3 });
  out += zari(ctx, 'M210 478Q300 488 390 478', 10) + zari(ctx, neckline(neck), 6);
  if (!ctx.back) {
    out += layered(
      idOf(ctx, 'yk'),
      smooth(
        sym([
          [300, neck + 4],
          [326, 176],
          [348, 174],
          [352, 226],
          [328, 262],
          [300, 270],
        ]),
      ),
      [{ fill: ref(ctx, 'z'), opacity: 0.5 }],
    );
  }
  return out;
}

export function indoWesternWomen(ctx: Ctx): string {
  const { pal } = ctx;
  const pantsColour = tint(pal.accent, 0.55);
  const pants: Pt[] = sym([
    [300, 326],
    [364, 326, 1],
    [392, 380],
    [412, 452],
    [402, 540],
    [372, 630],
    [346, 690],
    [342, 718, 1],
    [308, 718, 1],
    [306, 680],
    [300, 636],
  ]);
  let out = femaleForm(ctx) + innerBack(ctx, 140, 30);
  const backCape: Pt[] = sym([
    [300, 150],
    [386, 162, 1],
    [420, 230],
    [446, 380],
    [468, 520],
    [480, 660, 1],
    [380, 676],
    [300, 680],
  ]);
  if (ctx.back) {
    out += piece(ctx, 'pn', smooth(pants), { fill: pantsColour });
    out += shoes(ctx, 'jutti', [326, 274], 716);
    out += piece(ctx, 'cb', smooth(backCape), { motif: true, motifOpacity: 0.55 });
    out += zari(
      ctx,
      smooth(
        [
          [120, 660],
          [220, 676],
          [300, 680],
          [380, 676],
          [480, 660],
        ],
        false,
      ),
      12,
    );
    out += path('M250 200C240 360 230 520 226 670M350 200C360 360 370 520 374 670', {
      stroke: pal.deep,
      'stroke-width': 14,
      opacity: 0.16,
      fill: 'none',
    });
    return out;
  }
  out += piece(ctx, 'pn', smooth(pants), { fill: pantsColour });
  out += path('M252 390Q300 470 348 390M262 430Q300 540 338 430M274 470Q300 590 326 470', {
    fill: 'none',
    stroke: shade(pantsColour, 0.25),
    'stroke-width': 2.5,
  });
  out += shoes(ctx, 'jutti', [326, 274], 716);
  out += piece(
    ctx,
    'tp',
    smooth(
      sym([
        [300, 214],
        [326, 200],
        [352, 196],
        [378, 206],
        [388, 220, 1],
        [386, 262],
        [372, 300],
        [364, 328, 1],
        [300, 330],
      ]),
    ),
    { fill: pal.deep },
  );
  out += layered(
    idOf(ctx, 'tz'),
    smooth(
      sym([
        [300, 214],
        [326, 200],
        [352, 196],
        [378, 206],
        [388, 220, 1],
        [386, 262],
        [372, 300],
        [364, 328, 1],
        [300, 330],
      ]),
    ),
    [{ fill: ref(ctx, 'z'), opacity: 0.45 }],
  );
  out += zari(ctx, 'M234 328Q300 336 366 328', 12);
  // asymmetric open cape: long on the right, shorter on the left
  const right: Pt[] = [
    [320, 150, 1],
    [386, 162, 1],
    [412, 196],
    [440, 320],
    [466, 480],
    [486, 640, 1],
    [420, 628],
    [368, 600, 1],
    [352, 450],
    [344, 300],
    [334, 200],
  ];
  const left: Pt[] = [
    [280, 150, 1],
    [214, 162, 1],
    [188, 196],
    [164, 300],
    [146, 420],
    [134, 520, 1],
    [190, 500],
    [236, 472, 1],
    [250, 380],
    [258, 280],
    [268, 200],
  ];
  out += piece(ctx, 'cl', smooth(left), { motif: true, motifOpacity: 0.55 });
  out += piece(ctx, 'cr', smooth(right), { motif: true, motifOpacity: 0.55 });
  out += zari(
    ctx,
    smooth(
      [
        [268, 200],
        [258, 280],
        [250, 380],
        [236, 472],
        [190, 500],
        [134, 520],
      ],
      false,
    ),
    10,
  );
  out += zari(
    ctx,
    smooth(
      [
        [334, 200],
        [344, 300],
        [352, 450],
        [368, 600],
        [420, 628],
        [486, 640],
      ],
      false,
    ),
    10,
  );
  return out;
}
