/**
 * Product illustrations for the seed catalogue, drawn as self-contained SVG.
 * Every image is 600 x 800 (3:4). Pure and deterministic: same options, same markup.
 */
import { makeCtx, floorShadow, standardDefs, type Ctx } from './context.js';
import { anarkali, gown, indoWesternWomen, lehenga, saree, sharara } from './women.js';
import { bandhgala, indoWesternMen, kurtaSet, sherwani, tuxedo } from './men.js';
import { archStudio, linenSurface, marigold, petals, studio } from './scene.js';
import { clutch, jewellerySet, juttis, safa, type StagedView } from './accessories.js';
import { group, rect, svgDocument } from './svg-kit.js';

export type GarmentKind =
  | 'lehenga'
  | 'saree'
  | 'anarkali'
  | 'gown'
  | 'sharara'
  | 'indo-western-women'
  | 'sherwani'
  | 'bandhgala'
  | 'kurta-set'
  | 'indo-western-men'
  | 'tuxedo'
  | 'jewellery-set'
  | 'clutch'
  | 'safa'
  | 'juttis';

export interface GarmentArtOptions {
  kind: GarmentKind;
  /** Main colour, '#rrggbb'. */
  colour: string;
  /** Trim and embroidery colour, '#rrggbb'. */
  accent: string;
  /** 0 front on a form, 1 back, 2 detail close-up, 3 styled flat-lay. */
  view: 0 | 1 | 2 | 3;
  /** Integer; varies small details deterministically. */
  seed: number;
}

export const GARMENT_KINDS: readonly GarmentKind[] = [
  'lehenga',
  'saree',
  'anarkali',
  'gown',
  'sharara',
  'indo-western-women',
  'sherwani',
  'bandhgala',
  'kurta-set',
  'indo-western-men',
  'tuxedo',
  'jewellery-set',
  'clutch',
  'safa',
  'juttis',
];

/** Short codes keep the per-image element ids (kind, view, seed, colour hash) compact. */
const KIND_CODES: Record<GarmentKind, string> = {
  lehenga: 'lh',
  saree: 'sr',
  anarkali: 'an',
  gown: 'gw',
  sharara: 'sh',
  'indo-western-women': 'iw',
  sherwani: 'sw',
  bandhgala: 'bg',
  'kurta-set': 'ks',
  'indo-western-men': 'im',
  tuxedo: 'tx',
  'jewellery-set': 'js',
  clutch: 'cl',
  safa: 'sf',
  juttis: 'jt',
};

type Painter = (ctx: Ctx) => string;
type Stager = (ctx: Ctx, view: StagedView) => string;

const WEARABLES: Partial<Record<GarmentKind, Painter>> = {
  lehenga,
  saree,
  anarkali,
  gown,
  sharara,
  'indo-western-women': indoWesternWomen,
  sherwani,
  bandhgala,
  'kurta-set': kurtaSet,
  'indo-western-men': indoWesternMen,
  tuxedo,
};

/** Accessories bring their own staging (plinth, velvet bust, tray) for views 0, 1 and 3. */
const ACCESSORIES: Partial<Record<GarmentKind, Stager>> = {
  'jewellery-set': jewellerySet,
  clutch,
  safa,
  juttis,
};

/**
 * Where the detail view (view 2) looks, in the front view's coordinates, and how close: the
 * embroidered hem of a skirt, the collar and buttons of a coat, the pendant of a necklace.
 */
const DETAIL_FOCUS: Record<GarmentKind, { x: number; y: number; zoom: number }> = {
  lehenga: { x: 330, y: 640, zoom: 2.4 },
  saree: { x: 330, y: 330, zoom: 2.2 },
  anarkali: { x: 320, y: 560, zoom: 2.3 },
  gown: { x: 300, y: 250, zoom: 2.4 },
  sharara: { x: 330, y: 650, zoom: 2.4 },
  'indo-western-women': { x: 300, y: 320, zoom: 2.2 },
  sherwani: { x: 300, y: 250, zoom: 2.4 },
  bandhgala: { x: 300, y: 250, zoom: 2.4 },
  'kurta-set': { x: 300, y: 250, zoom: 2.3 },
  'indo-western-men': { x: 300, y: 300, zoom: 2.2 },
  tuxedo: { x: 300, y: 250, zoom: 2.4 },
  'jewellery-set': { x: 300, y: 400, zoom: 2 },
  clutch: { x: 300, y: 420, zoom: 1.9 },
  safa: { x: 300, y: 300, zoom: 1.9 },
  juttis: { x: 350, y: 530, zoom: 2.2 },
};

function wearableView(
  kind: GarmentKind,
  paint: Painter,
  opts: GarmentArtOptions,
  base: string,
): string {
  const { colour, accent, seed, view } = opts;
  const ctx = makeCtx(base, colour, accent, seed, { back: view === 1, flat: view === 3 });
  const defs = `<defs>${standardDefs(ctx)}</defs>`;
  if (view === 3) {
    const spots: (readonly [number, number])[] = [
      [70, 120],
      [96, 160],
      [520, 90],
      [540, 700],
      [510, 740],
      [60, 700],
      [90, 748],
    ];
    return (
      defs +
      linenSurface(ctx) +
      group(paint(ctx), {
        transform: 'translate(300 410) rotate(-4) scale(.9) translate(-300 -410)',
      }) +
      petals(ctx, spots) +
      marigold(528, 150, 26) +
      marigold(70, 740, 20)
    );
  }
  const backdrop = view === 1 ? archStudio(ctx) : studio(ctx);
  return defs + backdrop + floorShadow(ctx, 300, 730, kind === 'gown' ? 250 : 210, 26) + paint(ctx);
}

function accessoryView(
  stage: Stager,
  opts: GarmentArtOptions,
  base: string,
  view: StagedView,
): string {
  const ctx = makeCtx(base, opts.colour, opts.accent, opts.seed, {
    back: view === 1,
    flat: view === 3,
  });
  return `<defs>${standardDefs(ctx)}</defs>` + stage(ctx, view);
}

/** The front view seen close, framed by a thin inner border like a macro shot. */
function detailView(kind: GarmentKind, front: string): string {
  const { x, y, zoom } = DETAIL_FOCUS[kind];
  return (
    group(front, { transform: `translate(300 400) scale(${zoom}) translate(${-x} ${-y})` }) +
    rect(14, 14, 572, 772, {
      fill: 'none',
      stroke: '#fffaf2',
      'stroke-width': 2,
      opacity: 0.7,
      rx: 6,
    })
  );
}

/** One product image as an SVG string. */
export function renderGarmentSvg(opts: GarmentArtOptions): string {
  return svgDocument(600, 800, renderGarmentScene(opts));
}

/** The inside of a product image (a 600 x 800 scene), for composing into larger artworks. */
export function renderGarmentScene(opts: GarmentArtOptions): string {
  const base = `${KIND_CODES[opts.kind]}${opts.view}-${Math.trunc(opts.seed)}`;
  const stage = ACCESSORIES[opts.kind];
  const paint = WEARABLES[opts.kind];
  const draw = (view: StagedView): string => {
    if (stage) return accessoryView(stage, opts, base, view);
    if (paint) return wearableView(opts.kind, paint, { ...opts, view }, base);
    throw new Error(`No painter for ${opts.kind}`);
  };
  return opts.view === 2 ? detailView(opts.kind, draw(0)) : draw(opts.view);
}
