import type { ColourName, GarmentKind, Occasion } from '../catalogue/types.js';

/*
 * The words generated products are named and described with, per garment kind: what a real
 * occasion-wear catalogue calls its pieces. A name is colour word + motif + cut (+ the kind's title),
 * e.g. 'Ruby Zardozi Bridal Lehenga'; the colour filter keeps the plain colour ('Red').
 */

/** The names a colour goes by on a label; the first is the filter's own. */
export const COLOUR_WORDS: Readonly<Record<ColourName, readonly string[]>> = {
  Red: ['Red', 'Ruby', 'Crimson', 'Sindoori'],
  Maroon: ['Maroon', 'Oxblood', 'Garnet'],
  'Rani Pink': ['Rani Pink', 'Fuchsia', 'Magenta'],
  'Blush Pink': ['Blush Pink', 'Rose', 'Onion Pink'],
  Peach: ['Peach', 'Apricot', 'Coral'],
  Ivory: ['Ivory', 'Pearl White', 'Champagne'],
  Gold: ['Gold', 'Antique Gold', 'Zari Gold'],
  Mustard: ['Mustard', 'Haldi Yellow', 'Turmeric'],
  Emerald: ['Emerald', 'Bottle Green', 'Mehendi Green'],
  Teal: ['Teal', 'Peacock Teal', 'Deep Teal'],
  'Royal Blue': ['Royal Blue', 'Sapphire', 'Cobalt'],
  Navy: ['Navy', 'Midnight Blue', 'Indigo'],
  Lavender: ['Lavender', 'Lilac', 'Mauve'],
  Black: ['Black', 'Onyx', 'Charcoal'],
  Wine: ['Wine', 'Burgundy', 'Plum'],
};

/** A kind of handwork or weave: the word in the name, the work the copy describes, its fabrics. */
export interface Motif {
  word: string;
  /** Lower case, as it reads after 'finished with'. */
  work: string;
  fabrics: readonly string[];
}

/** A cut or style: the word in the name, the occasions it is for, and how it moves the MRP. */
export interface Cut {
  word: string;
  occasions: readonly Occasion[];
  /** Multiplier on the kind's price band (bridal pieces cost more). */
  price: number;
  /** The noun the copy uses for it, when not the kind's own ('potli bag'). */
  noun?: string;
}

export interface KindWords {
  /** Appended to the name ('Lehenga'); empty when the cut names the piece ('Potli Bag'). */
  title: string;
  /** MRP band in whole rupees, from the seed's own pieces of this kind. */
  mrp: readonly [number, number];
  motifs: readonly Motif[];
  cuts: readonly Cut[];
  /** Parts of the piece a detail sentence can point at. */
  parts: readonly string[];
}

const m = (word: string, work: string, ...fabrics: string[]): Motif => ({ word, work, fabrics });
const c = (word: string, occasions: readonly Occasion[], price = 1, noun?: string): Cut =>
  noun === undefined ? { word, occasions, price } : { word, occasions, price, noun };

const WOMEN_MOTIFS: readonly Motif[] = [
  m('Zardozi', 'zardozi and dabka', 'raw silk', 'velvet', 'silk crepe'),
  m('Gota Patti', 'gota patti and pearls', 'tissue silk', 'chanderi silk', 'georgette'),
  m('Mirror Work', 'mirror work and resham thread', 'raw silk', 'cotton silk', 'georgette'),
  m('Sequin', 'tonal sequins and cutdana', 'georgette', 'net', 'shimmer georgette'),
  m('Banarasi', 'woven gold zari', 'banarasi silk', 'banarasi brocade'),
  m('Chikankari', 'chikankari and mukaish', 'georgette', 'mul cotton', 'organza'),
  m('Kundan', 'kundan and dabka', 'velvet', 'raw silk'),
  m('Resham', 'resham thread work and sequins', 'organza', 'raw silk', 'chinon silk'),
  m('Pearl', 'hand-stitched pearls and cutdana', 'organza', 'tulle', 'silk'),
  m('Aari', 'aari embroidery and beads', 'raw silk', 'georgette'),
  m('Bandhani', 'bandhani and a gota border', 'gaji silk', 'georgette'),
  m('Phulkari', 'bright phulkari embroidery', 'cotton silk', 'chanderi silk'),
  m('Zari Jaal', 'an all-over zari jaal', 'banarasi georgette', 'tissue silk'),
  m('Silver Sequin', 'silver sequins and crystals', 'georgette', 'net'),
];

const MEN_MOTIFS: readonly Motif[] = [
  m('Zardozi', 'dense zardozi', 'raw silk', 'velvet'),
  m('Brocade', 'woven paisley bootis', 'brocade', 'jacquard'),
  m('Resham', 'tonal resham and sequins', 'raw silk', 'silk'),
  m('Chikankari', 'chikankari', 'silk', 'mul cotton'),
  m('Mirror', 'thread work and tiny mirrors', 'silk', 'cotton silk', 'linen'),
  m('Velvet', 'zardozi borders', 'velvet'),
  m('Jacquard', 'antique gold buttons', 'jacquard', 'wool blend'),
  m('Pearl Collar', 'zardozi and pearls', 'silk', 'raw silk'),
  m('Zari Butti', 'zari buttis', 'art silk', 'cotton silk'),
  m('Mughal', 'woven Mughal florals', 'brocade', 'jacquard'),
  m('Linen', 'tonal fabric buttons', 'linen', 'cotton silk'),
  m('Silver Thread', 'silver thread work', 'raw silk', 'wool blend'),
];

const WOMEN_CUTS = {
  lehenga: [
    c('Bridal', ['Wedding'], 1.6),
    c('Heritage Bridal', ['Wedding', 'Reception'], 1.8),
    c('Reception', ['Reception', 'Party'], 1.2),
    c('Sangeet', ['Sangeet', 'Mehendi']),
    c('Panelled', ['Reception', 'Wedding'], 1.1),
    c('Kalidar', ['Wedding', 'Festive'], 1.1),
    c('Jacket', ['Sangeet', 'Reception']),
    c('Cape', ['Reception', 'Party']),
    c('Flared', ['Festive', 'Sangeet'], 0.8),
    c('Mehendi', ['Mehendi', 'Festive'], 0.7),
  ],
  saree: [
    c('Bridal', ['Wedding'], 1.6),
    c('Temple Border', ['Wedding', 'Festive'], 1.2),
    c('Pre-Draped', ['Reception', 'Party']),
    c('Ruffle', ['Party', 'Sangeet'], 0.7),
    c('Coin Butti', ['Festive', 'Party'], 0.8),
    c('Tissue', ['Festive', 'Wedding']),
    c('Cocktail', ['Party', 'Reception'], 0.9),
    c('Haldi', ['Mehendi', 'Festive'], 0.7),
  ],
  anarkali: [
    c('Floor-Length', ['Festive', 'Reception']),
    c('Kalidar', ['Wedding', 'Festive'], 1.2),
    c('Jacket', ['Festive', 'Reception'], 1.1),
    c('Sheer-Sleeve', ['Party', 'Sangeet'], 0.9),
    c('Bib', ['Mehendi', 'Sangeet'], 0.7),
    c('Tiered', ['Sangeet', 'Party'], 0.9),
    c('Angrakha', ['Mehendi', 'Festive'], 0.8),
  ],
  gown: [
    c('Corset', ['Reception', 'Party'], 1.3),
    c('Mermaid', ['Party', 'Reception']),
    c('Cape', ['Party'], 0.8),
    c('Trail', ['Reception', 'Wedding'], 1.4),
    c('Ruffle', ['Sangeet', 'Reception'], 0.9),
    c('Pre-Draped Saree', ['Reception', 'Party']),
    c('Off-Shoulder', ['Party', 'Reception']),
  ],
  sharara: [
    c('Peplum', ['Reception', 'Wedding'], 1.3),
    c('Kurti', ['Mehendi', 'Festive'], 0.8),
    c('Scalloped', ['Mehendi', 'Festive']),
    c('Trellis', ['Reception', 'Sangeet'], 1.2),
    c('Garara', ['Wedding', 'Festive'], 1.1),
    c('Short Kurta', ['Sangeet', 'Party'], 0.8),
  ],
  'indo-western-women': [
    c('Cape and Dhoti', ['Sangeet', 'Party']),
    c('Jacket Palazzo', ['Party', 'Festive'], 0.9),
    c('Structured Jacket', ['Reception', 'Party'], 1.3),
    c('Draped Skirt', ['Sangeet', 'Party']),
    c('Palazzo Saree', ['Reception', 'Party']),
    c('Corset and Skirt', ['Sangeet', 'Reception'], 1.1),
  ],
} as const satisfies Partial<Record<GarmentKind, readonly Cut[]>>;

const MEN_CUTS = {
  sherwani: [
    c('Groom', ['Wedding'], 1.7),
    c('Royal', ['Wedding', 'Reception'], 1.5),
    c('Achkan', ['Reception', 'Festive']),
    c('Jodhpuri', ['Wedding', 'Reception'], 1.1),
    c('Day', ['Mehendi', 'Sangeet'], 0.7),
    c('Minimal', ['Festive', 'Sangeet'], 0.6),
    c('Layered', ['Wedding', 'Reception'], 1.2),
  ],
  bandhgala: [
    c('Jodhpur', ['Reception', 'Party'], 1.2),
    c('Three-Piece', ['Reception', 'Party']),
    c('Summer', ['Festive', 'Party'], 0.7),
    c('Embroidered Yoke', ['Wedding', 'Reception'], 1.3),
    c('Classic', ['Festive', 'Party'], 0.9),
  ],
  'kurta-set': [
    c('Straight', ['Festive', 'Mehendi']),
    c('Haldi', ['Mehendi', 'Festive'], 0.9),
    c('Pathani', ['Festive', 'Party'], 0.9),
    c('Bandi', ['Wedding', 'Reception'], 1.5),
    c('Nehru Jacket', ['Festive', 'Sangeet'], 1.3),
    c('Asymmetric', ['Sangeet', 'Party'], 1.1),
  ],
  'indo-western-men': [
    c('Asymmetric Jacket', ['Reception', 'Sangeet'], 1.3),
    c('Draped', ['Wedding', 'Reception'], 1.4),
    c('Open Jacket', ['Sangeet', 'Reception']),
    c('Cowl Drape', ['Reception', 'Party'], 1.1),
    c('Dhoti Pants', ['Sangeet', 'Mehendi'], 0.7),
    c('Bandi', ['Sangeet', 'Festive'], 0.6),
  ],
  tuxedo: [
    c('Satin Lapel', ['Reception', 'Party'], 1.2),
    c('Shawl Collar', ['Reception', 'Party'], 1.1),
    c('Dinner Jacket', ['Reception', 'Party']),
    c('Peak Lapel', ['Party'], 0.8),
    c('Double-Breasted', ['Reception', 'Party'], 1.2),
  ],
} as const satisfies Partial<Record<GarmentKind, readonly Cut[]>>;

export const KIND_WORDS: Readonly<Record<GarmentKind, KindWords>> = {
  lehenga: {
    title: 'Lehenga',
    mrp: [3999, 58000],
    motifs: WOMEN_MOTIFS,
    cuts: WOMEN_CUTS.lehenga,
    parts: ['skirt', 'blouse', 'dupatta border', 'waistband', 'hem'],
  },
  saree: {
    title: 'Saree',
    mrp: [2999, 32500],
    motifs: [
      ...WOMEN_MOTIFS.slice(0, 6),
      m('Kanjeevaram', 'pure zari', 'kanjeevaram silk'),
      m('Paithani', 'zari weaving', 'paithani silk'),
      m('Kantha', 'kantha embroidery', 'tussar silk'),
      m('Kasavu', 'a broad woven zari border', 'tissue'),
      m('Hand-Painted', 'hand-painted florals and a sequin edge', 'organza', 'chiffon'),
    ],
    cuts: WOMEN_CUTS.saree,
    parts: ['pallu', 'border', 'body', 'blouse', 'pleats'],
  },
  anarkali: {
    title: 'Anarkali',
    mrp: [3499, 15500],
    motifs: WOMEN_MOTIFS,
    cuts: WOMEN_CUTS.anarkali,
    parts: ['yoke', 'flared hem', 'sleeves', 'neckline', 'dupatta'],
  },
  gown: {
    title: 'Gown',
    mrp: [3999, 24000],
    motifs: WOMEN_MOTIFS,
    cuts: WOMEN_CUTS.gown,
    parts: ['bodice', 'train', 'sleeves', 'waist', 'neckline'],
  },
  sharara: {
    title: 'Sharara Set',
    mrp: [3799, 14999],
    motifs: WOMEN_MOTIFS,
    cuts: WOMEN_CUTS.sharara,
    parts: ['kurti', 'sharara flares', 'dupatta', 'neckline', 'hem'],
  },
  'indo-western-women': {
    title: 'Indo-Western Set',
    mrp: [3999, 12500],
    motifs: WOMEN_MOTIFS,
    cuts: WOMEN_CUTS['indo-western-women'],
    parts: ['cape', 'skirt', 'jacket', 'belt', 'hem'],
  },
  sherwani: {
    title: 'Sherwani',
    mrp: [4799, 52000],
    motifs: MEN_MOTIFS,
    cuts: MEN_CUTS.sherwani,
    parts: ['collar', 'front placket', 'cuffs', 'shoulders', 'hem'],
  },
  bandhgala: {
    title: 'Bandhgala',
    mrp: [3999, 16999],
    motifs: MEN_MOTIFS,
    cuts: MEN_CUTS.bandhgala,
    parts: ['collar', 'buttons', 'cuffs', 'pockets'],
  },
  'kurta-set': {
    title: 'Kurta Set',
    mrp: [2299, 6999],
    motifs: MEN_MOTIFS,
    cuts: MEN_CUTS['kurta-set'],
    parts: ['yoke', 'placket', 'cuffs', 'collar'],
  },
  'indo-western-men': {
    title: 'Indo-Western',
    mrp: [3799, 19500],
    motifs: MEN_MOTIFS,
    cuts: MEN_CUTS['indo-western-men'],
    parts: ['lapel', 'jacket front', 'hem', 'shoulder'],
  },
  tuxedo: {
    title: 'Tuxedo',
    mrp: [4999, 14999],
    motifs: [
      m('Velvet', 'a black satin shawl lapel', 'velvet'),
      m('Jacquard', 'a satin shawl lapel', 'jacquard'),
      m('Classic', 'satin peak lapels', 'wool blend', 'poly-viscose'),
      m('Midnight', 'grosgrain lapels', 'wool blend'),
      m('Brocade', 'a tonal brocade weave', 'brocade'),
    ],
    cuts: MEN_CUTS.tuxedo,
    parts: ['lapels', 'pockets', 'cuffs', 'buttons'],
  },
  'jewellery-set': {
    title: '',
    mrp: [3499, 22500],
    motifs: [
      m('Kundan', 'kundan and ruby-red stones', '22k gold-plated brass', 'gold-plated silver'),
      m('Polki', 'uncut polki and emerald beads', 'gold-plated silver'),
      m('Meenakari', 'kundan and meenakari', 'gold-plated brass'),
      m('Temple', 'temple motifs and ruby stones', 'gold-plated silver'),
      m('Pearl', 'strands of freshwater pearls', 'gold-plated brass'),
      m('American Diamond', 'American diamonds and coloured stones', 'rhodium-plated brass'),
      m('Jadau', 'jadau settings and pearl drops', 'gold-plated silver'),
    ],
    cuts: [
      c('Bridal Choker Set', ['Wedding'], 1.5, 'choker set'),
      c('Necklace Set', ['Wedding', 'Reception'], 1, 'necklace set'),
      c('Layered Necklace Set', ['Reception', 'Party'], 1.1, 'layered necklace set'),
      c('Rani Haar Set', ['Wedding'], 1.6, 'rani haar set'),
      c('Jhumka Set', ['Festive', 'Sangeet'], 0.6, 'jhumka set'),
      c('Matha Patti Set', ['Wedding', 'Reception'], 0.8, 'matha patti set'),
    ],
    parts: ['pendant', 'earrings', 'maang tikka', 'clasp'],
  },
  clutch: {
    title: '',
    mrp: [2199, 3499],
    motifs: [
      m('Zardozi', 'zardozi and seed pearls', 'raw silk', 'velvet'),
      m('Crystal', 'faceted crystals', 'gunmetal-finish brass', 'satin'),
      m('Pearl', 'hand-strung pearls', 'satin'),
      m('Dabka', 'dabka flowers and sequins', 'velvet'),
      m('Mirror', 'mirror work', 'raw silk'),
      m('Sequin', 'all-over sequins', 'satin', 'velvet'),
    ],
    cuts: [
      c('Potli Bag', ['Wedding', 'Festive'], 0.9, 'potli bag'),
      c('Box Clutch', ['Party', 'Reception'], 1.2, 'box clutch'),
      c('Envelope Clutch', ['Wedding', 'Festive'], 1, 'envelope clutch'),
      c('Lattice Clutch', ['Reception', 'Wedding'], 1.1, 'lattice clutch'),
      c('Frame Clutch', ['Reception', 'Party'], 1.1, 'frame clutch'),
    ],
    parts: ['flap', 'frame', 'handle chain', 'tassel'],
  },
  safa: {
    title: '',
    mrp: [1999, 5499],
    motifs: [
      m('Bandhani', 'hand-tied bandhani', 'cotton'),
      m('Zari', 'a broad zari border', 'silk'),
      m('Leheriya', 'leheriya stripes', 'cotton voile'),
      m('Brocade', 'a kundan kalgi and feather plume', 'brocade'),
      m('Pearl', 'pearl strings along the front', 'silk'),
    ],
    cuts: [
      c('Groom Safa', ['Wedding'], 1.3, 'safa'),
      c('Baraati Safa', ['Wedding', 'Festive'], 0.8, 'safa'),
      c('Kalgi Safa', ['Wedding'], 1.4, 'safa'),
      c('Jodhpuri Safa', ['Wedding', 'Festive'], 1, 'safa'),
    ],
    parts: ['front pleats', 'tail', 'kalgi', 'band'],
  },
  juttis: {
    title: '',
    mrp: [1999, 3499],
    motifs: [
      m('Zari', 'dense zari embroidery', 'soft leather'),
      m('Pearl', 'pearls and kundan', 'raw silk'),
      m('Phulkari', 'Punjabi phulkari embroidery', 'leather'),
      m('Zardozi', 'a gold zardozi vine', 'velvet'),
      m('Mirror', 'mirror work and pom-poms', 'leather'),
    ],
    cuts: [
      c('Bridal Juttis', ['Wedding', 'Reception'], 1.2),
      c('Juttis', ['Festive', 'Mehendi']),
      c('Mojaris', ['Wedding', 'Festive'], 1.1),
      c('Groom Mojaris', ['Wedding'], 1.3),
    ],
    parts: ['toe', 'heel', 'vamp', 'sole edge'],
  },
};

/** Where a piece's handwork is from, for the detail sentence. */
export const CRAFT_TOWNS = [
  'Lucknow',
  'Varanasi',
  'Jaipur',
  'Kanchipuram',
  'Surat',
  'Hyderabad',
  'Kolkata',
  'Bhuj',
  'Agra',
  'Amritsar',
] as const;

export const PATTERNS = [
  'paisley',
  'lotus',
  'peacock',
  'mango buta',
  'jaal',
  'chevron',
  'floral trellis',
  'Mughal arch',
  'vine',
  'elephant',
] as const;

export const TRIMS = [
  'zari cord',
  'scalloped lace',
  'tassel trim',
  'pearl edging',
  'contrast piping',
  'gota lace',
] as const;

export interface DetailContext {
  work: string;
  part: string;
  otherPart: string;
  pattern: string;
  town: string;
  trim: string;
  inches: number;
}

/** One sentence that makes a generated garment specific (the seed's designs have one each). */
export const GARMENT_DETAILS: readonly ((c: DetailContext) => string)[] = [
  (c) =>
    `The ${c.part} carries the densest ${c.work}, thinning to scattered buttis towards the edges.`,
  (c) =>
    `A ${c.inches}-inch band of ${c.work} runs along the ${c.part}, worked by hand in ${c.town}.`,
  (c) =>
    `A ${c.pattern} pattern picked out in ${c.work} fills the ${c.part}, echoed in miniature on the ${c.otherPart}.`,
  (c) =>
    `The ${c.part} is edged with fine ${c.trim}, a detail that shows best up close and in photographs.`,
  (c) =>
    `Every ${c.pattern} motif on the ${c.part} is placed by hand, so no two pieces are quite alike.`,
  (c) =>
    `Artisans in ${c.town} finished the ${c.part} with ${c.work}, keeping the ${c.otherPart} light and plain.`,
  (c) =>
    `The ${c.otherPart} stays understated so the ${c.pattern} work on the ${c.part} takes centre stage.`,
];

/** The same for accessories: jewellery, clutches, safas and juttis. */
export const ACCESSORY_DETAILS: readonly ((c: DetailContext) => string)[] = [
  (c) => `The ${c.part} is worked in ${c.work}, each piece checked by hand in ${c.town}.`,
  (c) => `A ${c.pattern} motif on the ${c.part} is picked out in ${c.work}.`,
  (c) => `The ${c.part} is finished with fine ${c.trim}, a detail that shows best up close.`,
  (c) =>
    `Light enough for a whole evening, it keeps the ${c.pattern} detailing to the ${c.part} and leaves the ${c.otherPart} plain.`,
];
