import { OCCASIONS, type Occasion, type Product, type ReviewFit } from '@pehnava/shared';
import { createRng, hashString, type Rng } from '../catalogue/prng.js';

/*
 * What a renter wrote about a piece, for the seeds (the standard seed's past rentals and
 * seed:scale's): a rating (mostly 4 and 5), how it fitted (mostly true to size; some pieces run
 * small or large, and their reviews mostly say so), the size worn and usual size, height, occasion
 * and a short text in the renter's words. Each piece has a fit and a standing of its own, drawn
 * from its code, so every seed says the same of it. Pure and deterministic for an Rng.
 */

export interface WrittenReview {
  rating: number;
  fit: ReviewFit;
  sizeWorn: string;
  usualSize: string | null;
  heightCm: number | null;
  occasion: Occasion | null;
  body: string;
}

const valueOf = (product: Product, type: string) =>
  product.filters.find((f) => f.type === type)?.value;

/** Women's or men's wear (the seeds review clothes, not accessories). */
export function wearOf(product: Product): 'Women' | 'Men' | undefined {
  const category = valueOf(product, 'category');
  return category === 'Women' || category === 'Men' ? category : undefined;
}

/** A piece's own fit and standing, the same in every seed: from its code (PHN-LEH-0001). */
function characterOf(product: Product) {
  const rng = createRng(hashString(`review-character:${product.productId}`));
  const fit = rng.next();
  const standing = rng.next();
  return {
    fit: (fit < 0.14 ? 'runs-small' : fit < 0.26 ? 'runs-large' : 'true-to-size') as ReviewFit,
    standing: standing < 0.4 ? 'loved' : standing < 0.9 ? 'liked' : 'mixed',
  } as const;
}

/** Ratings 5 down to 1, weighted by the piece's standing. */
const RATING_WEIGHTS = {
  loved: [75, 22, 3, 0, 0],
  liked: [46, 40, 9, 4, 1],
  mixed: [20, 35, 25, 15, 5],
} as const;

function weighted(weights: readonly number[], rng: Rng): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = rng.next() * total;
  for (const [i, weight] of weights.entries()) {
    roll -= weight;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

const OPENINGS: Record<'Women' | 'Men', Record<Occasion, readonly string[]>> = {
  Women: {
    Wedding: [
      "Wore it to my cousin's wedding in {city}.",
      "Rented it for my best friend's wedding.",
      "Wore this to my brother's wedding.",
      'Picked it for a family wedding.',
    ],
    Reception: [
      'Wore it to a reception.',
      "Wore this to my friend's reception in {city}.",
      'Rented it for my own reception.',
    ],
    Sangeet: [
      'Danced through the whole sangeet in it.',
      "Wore it to my sister's sangeet.",
      'Perfect for the sangeet night.',
    ],
    Mehendi: [
      'Wore it to the mehendi.',
      'Rented this for a mehendi in {city}.',
      'Light enough to sit through a long mehendi.',
    ],
    Festive: [
      'Wore it for Diwali at home.',
      'Rented it for Navratri.',
      'Wore this for Eid with family.',
      'Wore it for Durga Puja pandal hopping.',
    ],
    Party: [
      'Wore it to an anniversary party.',
      'Rented it for a cocktail night.',
      "Wore it to a friend's engagement party.",
    ],
  },
  Men: {
    Wedding: [
      "Wore it to my best friend's wedding.",
      "Wore this for my sister's wedding in {city}.",
      'Rented it for my own wedding.',
      'Picked it for a family wedding.',
    ],
    Reception: [
      'Wore it to a reception.',
      "Wore this to my cousin's reception.",
      'Rented it for my own reception.',
    ],
    Sangeet: ['Wore it to the sangeet and danced all night.', "Wore it to my brother's sangeet."],
    Mehendi: ['Wore it to the mehendi.', 'Rented this for a mehendi in {city}.'],
    Festive: [
      'Wore it for Diwali.',
      'Rented it for Eid.',
      'Wore it for the Ganpati celebrations at home.',
    ],
    Party: ['Wore it to an office party.', 'Rented it for an engagement party.'],
  },
};

const QUALITY: Record<'Women' | 'Men', readonly (readonly string[])[]> = {
  // By rating: 5, 4, 3, 2 and 1.
  Women: [
    [
      'Looked brand new, and the colour is richer than in the photos.',
      'The embroidery is even better up close.',
      'Got compliments all evening.',
      'Beautiful fall, and it photographs really well.',
      'Felt like it was made for me.',
    ],
    [
      'Lovely piece, a little heavy by the end of the night.',
      'The colour is a shade lighter than the photos but still gorgeous.',
      'Good condition, just one loose thread on the dupatta.',
      'Looked great; the blouse needed a safety pin at the back.',
    ],
    [
      'Nice enough, though it looked a little worn at the hem.',
      'Decent, but heavier than I expected.',
      'The photos flatter it a little.',
    ],
    ['Arrived creased and needed steaming.', 'A hook on the blouse was loose.'],
    ['Not what the photos showed, and the zip was stiff.'],
  ],
  Men: [
    [
      'Looked sharp and fitted like it was tailored.',
      'The work on the collar is lovely up close.',
      'Got compliments all evening.',
      'Looked brand new.',
    ],
    [
      'Looked great, a bit warm for an afternoon function.',
      'Good condition, the stole was slightly creased.',
      'The colour is a shade darker than the photos but it worked.',
    ],
    ['Decent, though the buttons looked a little worn.', 'Fine for one evening.'],
    ['Arrived creased and needed steaming.'],
    ['Not what the photos showed.'],
  ],
};

const FIT_WORDS: Record<ReviewFit, readonly string[]> = {
  'true-to-size': [
    'True to size.',
    'Fitted exactly as the size chart said.',
    'My usual {usual} fitted perfectly.',
    'No alterations needed.',
  ],
  'runs-small': [
    "Runs small, I'd size up.",
    'Snug at the waist, go one size up.',
    'Tight across the shoulders; take a size bigger.',
  ],
  'runs-large': [
    "Runs a little large, size down if you're between sizes.",
    'Loose at the waist; a couple of safety pins fixed it.',
    'Roomy; I could have taken a size smaller.',
  ],
};

const SERVICE = [
  'Delivered a day early and the pickup was easy.',
  'Came beautifully packed.',
  'The return pickup was right on time.',
  'Steamed and ready to wear out of the box.',
];

/**
 * A renter's review of `product` worn in `size`, delivered to `city`: the rating, fit and sizes
 * drawn around the piece's own character, a height and occasion most of the time, and a text of
 * one to four short sentences (now and then none).
 */
export function writeReview(product: Product, size: string, city: string, rng: Rng): WrittenReview {
  const wear = wearOf(product) ?? 'Women';
  const { fit: leaning, standing } = characterOf(product);
  const rating = 5 - weighted(RATING_WEIGHTS[standing], rng);
  const fit: ReviewFit =
    leaning === 'true-to-size'
      ? rng.chance(0.84)
        ? 'true-to-size'
        : rng.chance(0.5)
          ? 'runs-small'
          : 'runs-large'
      : rng.chance(0.7)
        ? leaning
        : 'true-to-size';

  // The usual size: a size below the one worn for a piece that ran small (they took one up),
  // above for one that ran large, the same otherwise; some give none.
  const run = product.sizes.map((s) => s.size);
  const at = run.indexOf(size);
  const step = fit === 'runs-small' ? -1 : fit === 'runs-large' ? 1 : 0;
  const neighbour = at >= 0 ? run[at + step] : undefined;
  const usualSize =
    run.length <= 1 || rng.chance(0.2)
      ? null
      : step !== 0 && neighbour && rng.chance(0.5)
        ? neighbour
        : size;
  const heightCm = rng.chance(0.65)
    ? wear === 'Men'
      ? rng.int(163, 188)
      : rng.int(150, 174)
    : null;
  const itsOccasions = product.filters
    .filter((f) => f.type === 'occasion')
    .map((f) => f.value)
    .filter((value): value is Occasion => (OCCASIONS as readonly string[]).includes(value));
  const occasion = rng.chance(0.85)
    ? rng.pick(itsOccasions.length > 0 ? itsOccasions : OCCASIONS)
    : null;

  const sentences: string[] = [];
  if (!rng.chance(0.12)) {
    if (rng.chance(0.8)) sentences.push(rng.pick(OPENINGS[wear][occasion ?? rng.pick(OCCASIONS)]));
    if (rng.chance(0.75)) sentences.push(rng.pick(QUALITY[wear][5 - rating]!));
    if (fit !== 'true-to-size' || rng.chance(0.6)) {
      const words = rng.pick(FIT_WORDS[fit]);
      sentences.push(usualSize || !words.includes('{usual}') ? words : 'True to size.');
    }
    if (rng.chance(0.25)) sentences.push(rng.pick(SERVICE));
  }
  const body = sentences
    .join(' ')
    .replaceAll('{city}', city)
    .replaceAll('{usual}', usualSize ?? size);
  return { rating, fit, sizeWorn: size, usualSize, heightCm, occasion, body };
}
