import { ACCENT } from './palette.js';
import { JUTTI_SIZES } from './kinds.js';
import type { Design } from './types.js';

/** Hand-curated accessories. Prose around `detail` is added by the generator. */

export const JEWELLERY_SETS: readonly Design[] = [
  {
    name: 'Red Kundan Bridal Choker Set',
    colour: 'Red',
    fabric: '22k gold-plated brass',
    work: 'kundan and ruby-red stones',
    mrp: 16999,
    occasions: ['Wedding'],
    detail: 'A wide choker and a long rani haar are each finished with rows of pearl drops.',
    includes: 'The bridal set includes the choker, rani haar, jhumkas, maang tikka and a nath.',
  },
  {
    name: 'Emerald Polki Necklace Set',
    colour: 'Emerald',
    fabric: 'gold-plated silver',
    work: 'uncut polki and emerald beads',
    mrp: 22500,
    occasions: ['Wedding', 'Reception'],
    noun: 'necklace set',
    detail: 'Strings of green beads frame the polki pendant, with matching chandbali earrings.',
    bestseller: true,
  },
  {
    name: 'Rani Pink Kundan Meenakari Set',
    colour: 'Rani Pink',
    fabric: 'gold-plated brass',
    work: 'kundan and meenakari',
    mrp: 5999,
    occasions: ['Sangeet', 'Festive'],
    detail:
      'Hand-painted enamel decorates the back of every piece, so the set looks lovely from both sides.',
  },
  {
    name: 'Gold Lakshmi Temple Jewellery Set',
    colour: 'Gold',
    fabric: 'gold-plated silver',
    work: 'temple motifs and ruby stones',
    mrp: 8999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'Lakshmi coins and carved pendants make it the traditional partner for a kanjeevaram saree.',
    accent: ACCENT.ruby,
  },
  {
    name: 'Ivory Pearl Layered Necklace Set',
    colour: 'Ivory',
    fabric: 'gold-plated brass',
    work: 'three strands of pearls',
    mrp: 3499,
    occasions: ['Reception', 'Party'],
    noun: 'necklace set',
    detail:
      'The strands are held by a small kundan clasp and are light enough to wear all evening.',
  },
  {
    name: 'Blush Pink American Diamond Necklace Set',
    colour: 'Blush Pink',
    fabric: 'rhodium-plated brass',
    work: 'American diamonds and pink stones',
    mrp: 4499,
    occasions: ['Reception', 'Party'],
    noun: 'necklace set',
    detail: 'The sparkling clusters suit pastel gowns and reception lehengas.',
    accent: ACCENT.silver,
  },
];

export const CLUTCHES: readonly Design[] = [
  {
    name: 'Gold Zardozi Potli Bag',
    colour: 'Gold',
    fabric: 'raw silk',
    work: 'zardozi and seed pearls',
    mrp: 2499,
    occasions: ['Wedding', 'Festive'],
    noun: 'potli bag',
    detail: 'It closes with a drawstring, and a beaded tassel handle loops easily over the wrist.',
    bestseller: true,
  },
  {
    name: 'Black Crystal Box Clutch',
    colour: 'Black',
    fabric: 'gunmetal-finish brass',
    work: 'faceted crystals',
    mrp: 3499,
    occasions: ['Party', 'Reception'],
    detail: 'The hard-shell box has a push-lock clasp that clicks securely shut.',
    includes: 'A detachable chain strap is included for hands-free carrying.',
    accent: ACCENT.silver,
  },
  {
    name: 'Ivory Pearl Lattice Clutch',
    colour: 'Ivory',
    fabric: 'satin',
    work: 'hand-strung pearls',
    mrp: 2999,
    occasions: ['Reception', 'Wedding'],
    detail: 'The pearls form a lattice over the satin, a soft match for pastel lehengas and gowns.',
  },
  {
    name: 'Maroon Dabka Envelope Clutch',
    colour: 'Maroon',
    fabric: 'velvet',
    work: 'dabka flowers and sequins',
    mrp: 2199,
    occasions: ['Wedding', 'Festive'],
    detail: 'Its slim envelope shape sits on a metal frame that keeps its form all night.',
  },
];

export const SAFAS: readonly Design[] = [
  {
    name: 'Red Bandhani Groom Safa',
    colour: 'Red',
    fabric: 'cotton',
    work: 'hand-tied bandhani',
    mrp: 2499,
    occasions: ['Wedding'],
    detail: 'A long turra tail falls down the back in the Rajasthani style.',
  },
  {
    name: 'Ivory Gold Zari Safa',
    colour: 'Ivory',
    fabric: 'silk',
    work: 'a broad zari border',
    mrp: 3299,
    occasions: ['Wedding'],
    detail:
      'The border is folded to show at the front pleats, a perfect match for ivory and gold sherwanis.',
    soldOut: true,
  },
  {
    name: 'Rani Pink Leheriya Baraati Safa',
    colour: 'Rani Pink',
    fabric: 'cotton voile',
    work: 'leheriya stripes',
    mrp: 1999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'It is a favourite for baraat groups, and we stock enough for the whole family to match.',
  },
  {
    name: 'Gold Brocade Kalgi Safa',
    colour: 'Gold',
    fabric: 'brocade',
    work: 'a kundan kalgi and feather plume',
    mrp: 5499,
    occasions: ['Wedding'],
    detail: 'The brocade is folded into neat, even pleats that stay crisp through the pheras.',
    includes: 'It comes pre-tied on a stiffened base, so it sits in place all day.',
  },
];

export const JUTTIS: readonly Design[] = [
  {
    name: 'Gold Zari Embroidered Mojaris',
    colour: 'Gold',
    fabric: 'soft leather',
    work: 'dense zari embroidery',
    mrp: 2999,
    occasions: ['Wedding', 'Festive'],
    noun: 'mojaris',
    detail: 'Pointed toes and embroidered uppers suit the groom and his brothers alike.',
    sizeRun: JUTTI_SIZES.slice(1),
  },
  {
    name: 'Ivory Pearl Bridal Juttis',
    colour: 'Ivory',
    fabric: 'raw silk',
    work: 'pearls and kundan',
    mrp: 2499,
    occasions: ['Wedding', 'Reception'],
    detail: 'Flat and cushioned, they stay comfortable for hours under a heavy lehenga.',
    sizeRun: JUTTI_SIZES.slice(0, 4),
  },
  {
    name: 'Rani Pink Phulkari Juttis',
    colour: 'Rani Pink',
    fabric: 'leather',
    work: 'Punjabi phulkari embroidery',
    mrp: 1999,
    occasions: ['Mehendi', 'Festive'],
    detail: 'Pink, orange and green threads cover the uppers, with tiny pom-poms at the heel.',
    sizeRun: JUTTI_SIZES.slice(0, 5),
  },
  {
    name: 'Black Zardozi Vine Juttis',
    colour: 'Black',
    fabric: 'velvet',
    work: 'a gold zardozi vine',
    mrp: 3499,
    occasions: ['Wedding', 'Reception'],
    noun: 'juttis',
    detail: 'The slightly curled toe pairs well with sherwanis and bandhgalas.',
    sizeRun: JUTTI_SIZES.slice(2),
  },
];
