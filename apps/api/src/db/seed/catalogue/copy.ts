import { Deck, createRng, type Rng } from './prng.js';
import type { Design, GarmentKind, Occasion } from './types.js';

/**
 * Catalogue copy. A description is: an opening sentence (colour, fabric, work, kind,
 * occasion) + the design's own hand-written detail + what comes with it + an optional
 * fit or care note. Pools are drawn through decks so variants spread evenly.
 */

interface OpenerContext {
  colour: string;
  fabric: string;
  work: string;
  noun: string;
  occasion: string;
}

type Opener = (c: OpenerContext) => string;

const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How an occasion reads inside a sentence about a garment ('made for ...'). */
const GARMENT_OCCASION: Readonly<Record<Occasion, readonly string[]>> = {
  Wedding: ['the wedding day', 'the pheras', 'wedding ceremonies', 'a family wedding'],
  Reception: ['a grand reception', 'the reception evening', 'reception nights'],
  Sangeet: ['the sangeet', 'a night of sangeet dancing', 'sangeet celebrations'],
  Mehendi: ['the mehendi', 'a daytime mehendi', 'haldi and mehendi mornings'],
  Festive: ['Diwali and Eid gatherings', 'festive pujas', 'the festive season'],
  Party: ['cocktail evenings', 'engagement parties', 'late-night parties'],
};

/** How an occasion reads after 'made to complete ...' for accessories. */
const ACCESSORY_OCCASION: Readonly<Record<Occasion, readonly string[]>> = {
  Wedding: ['wedding looks', 'wedding-day outfits'],
  Reception: ['reception outfits', 'evening reception looks'],
  Sangeet: ['sangeet outfits', 'a sangeet look'],
  Mehendi: ['mehendi looks', 'daytime mehendi outfits'],
  Festive: ['festive outfits', 'Diwali and puja looks'],
  Party: ['party looks', 'cocktail outfits'],
};

const GARMENT_OPENERS: readonly Opener[] = [
  (c) =>
    `This ${c.colour} ${c.noun} in ${c.fabric} is finished with ${c.work}, made for ${c.occasion}.`,
  (c) =>
    `Cut from ${c.colour} ${c.fabric}, this ${c.noun} is detailed with ${c.work} and made for ${c.occasion}.`,
  (c) =>
    `Made for ${c.occasion}, this ${c.colour} ${c.fabric} ${c.noun} is embellished with ${c.work}.`,
  (c) =>
    `${cap(c.fabric)} in ${c.colour} sets the tone for this ${c.noun}, with ${c.work} adding the finish for ${c.occasion}.`,
  (c) =>
    `Our ${c.colour} ${c.noun} pairs ${c.fabric} with ${c.work}, a look built for ${c.occasion}.`,
  (c) => `Picture ${c.occasion} in this ${c.colour} ${c.fabric} ${c.noun}, worked with ${c.work}.`,
];

const ACCESSORY_OPENERS: readonly Opener[] = [
  (c) =>
    `Crafted in ${c.fabric} with ${c.work}, this ${c.colour} ${c.noun} is made to complete ${c.occasion}.`,
  (c) => `This ${c.colour} ${c.noun} brings ${c.work} to ${c.occasion}, crafted in ${c.fabric}.`,
  (c) =>
    `Finish ${c.occasion} with this ${c.colour} ${c.noun} in ${c.fabric}, detailed with ${c.work}.`,
];

/** Juttis are plural, so they need their own grammar. */
const JUTTI_OPENERS: readonly Opener[] = [
  (c) =>
    `These ${c.colour} ${c.noun} are handcrafted in ${c.fabric} with ${c.work}, made to complete ${c.occasion}.`,
  (c) =>
    `Handcrafted in ${c.fabric} and finished with ${c.work}, these ${c.colour} ${c.noun} are made for ${c.occasion}.`,
];

/** 'What comes with it', per kind. */
const INCLUDES: Readonly<Record<GarmentKind, readonly string[]>> = {
  lehenga: [
    'It comes with a matching padded blouse and a soft net dupatta with a scalloped border.',
    'The set includes the skirt, a fitted blouse and a sheer organza dupatta edged in lace.',
    'A sweetheart-neck blouse and a contrast dupatta with tasselled corners complete the set.',
    'You get the skirt, blouse and dupatta, plus a can-can underskirt for extra volume.',
    'It is rented as a three-piece with blouse and dupatta; the latkans on the drawstring are detachable.',
  ],
  saree: [
    'A ready-to-wear blouse in your chosen size is included, and the fall and pico are already done.',
    'It comes with a matching stitched blouse and a satin petticoat.',
    'A contrast blouse with elbow sleeves comes with it, stitched in your chosen size.',
    'We can pre-pleat it before dispatch, and a matching blouse is included.',
  ],
  anarkali: [
    'It comes with a matching churidar and a net dupatta with a thin zari edge.',
    'The set includes slim churidar pants and a lightweight dupatta.',
    'It is paired with straight pants and an organza dupatta finished with tassels.',
    'A matching churidar and a dupatta with a scalloped border are included.',
  ],
  gown: [
    'A matching dupatta is included if you prefer a more traditional drape.',
    'It has a built-in can-can and comes with a matching belt.',
    'It is fully lined, and a matching potli is included.',
  ],
  sharara: [
    'The set includes the kurti, sharara and a matching dupatta.',
    'It comes with a sheer dupatta edged in gota lace.',
    'Kurti, sharara and a light organza dupatta are all included.',
  ],
  'indo-western-women': [
    'Every piece shown is included, ready to wear straight out of the box.',
    'All the layers are included, and each can be styled on its own later.',
    'A matching belt is included to cinch the waist.',
  ],
  sherwani: [
    'It comes with a kurta, churidar and a matching dupatta; a safa can be added from our accessories.',
    'The set includes a silk kurta, churidar and a stole in a coordinating shade.',
    'It is supplied with a matching kurta and churidar, plus a brooch for the collar.',
    'A kurta, aligarh pants and a printed dupatta complete the look.',
  ],
  bandhgala: [
    'It comes with matching trousers and a silk pocket square.',
    'The set includes slim-fit trousers; add juttis or loafers to finish.',
    'It is a two-piece with trousers, plus a brooch for the lapel.',
  ],
  'kurta-set': [
    'It comes with a matching churidar pyjama.',
    'It is paired with straight-cut pants in a coordinating shade.',
    'The set includes the kurta and an off-white aligarh pyjama.',
  ],
  'indo-western-men': [
    'Every layer of the look is included.',
    'A brooch and a pocket square are included for styling.',
    'Every piece shown is included, ready to wear.',
  ],
  tuxedo: [
    'It comes with matching trousers, a bow tie and a pocket square.',
    'The set includes trousers, a satin bow tie and a white dress shirt.',
    'It is supplied with trousers and a matching waistcoat, and a bow tie is included.',
  ],
  'jewellery-set': [
    'The set includes the necklace, a pair of earrings and a maang tikka.',
    'It comes with matching earrings and a maang tikka, all in a padded box.',
    'Earrings are included, and the necklace has an adjustable dori at the back.',
  ],
  clutch: [
    'It fits a phone, a lipstick and a few cards.',
    'The inside is lined in satin, with room for a phone and a compact.',
    'It comes in a dust bag, ready to carry straight to the venue.',
  ],
  safa: [
    'It comes pre-tied on a stiffened base, so it sits in place all day.',
    'A kalgi brooch is included, ready to pin at the front.',
    'It is pre-tied to a standard fit with an adjustable band at the back.',
  ],
  juttis: [
    'Cushioned insoles keep them comfortable through the baraat and the pheras.',
    'Leather soles and padded footbeds make them easy to wear for hours.',
    'They come with a soft cotton dust bag.',
  ],
};

const DRESS_FIT = [
  'It fits true to size, with a concealed side zip.',
  'It is floor-length on most heights up to 5 ft 6 in when worn with heels.',
  'The bodice is lightly structured; size up if you prefer a looser fit at the bust.',
  'A tie-up back with tassels makes the fit easy to adjust.',
  'Pick your usual size; the skirt has plenty of room to move.',
];

const TAILORED_FIT = [
  'It is tailored in a slim fit; size up if you prefer room through the chest.',
  'It fits true to size, with extra margin at the side seams for a quick alteration.',
  'Structured shoulders and a regular fit suit most builds.',
  'The sleeves can be shortened by up to an inch before dispatch.',
  'Choose your usual jacket size; the trousers have an adjustable waistband.',
];

/** Fit notes for clothing, care or wear notes for accessories. */
const NOTES: Readonly<Record<GarmentKind, readonly string[]>> = {
  lehenga: [
    'The blouse has a generous margin at the side seams, so it can be let out by up to two inches.',
    'The skirt is 42 inches long, made to be worn with two to three-inch heels.',
    'The waist has a drawstring and hooks, so it adjusts easily across a size.',
    'It fits true to size; if you are between sizes, we suggest the larger one.',
    'The blouse runs slightly small at the bust, so size up if in doubt.',
  ],
  saree: [
    'The blouse has inner margins for a quick alteration by your tailor.',
    'The blouse fits true to size, with hooks at the front for easy dressing.',
    'Choose your usual size for the blouse; the saree itself drapes to any height.',
  ],
  anarkali: DRESS_FIT,
  gown: DRESS_FIT,
  sharara: [
    'The sharara has an elasticated waistband with a drawstring for a comfortable fit.',
    'The kurti fits true to size and falls just above the knee.',
    'It runs slightly roomy; size down if you are between sizes.',
  ],
  'indo-western-women': [
    'It fits true to size, with a concealed side zip.',
    'The top has a tie-up back with tassels, so the fit is easy to adjust.',
    'The bottoms have an elasticated back waist for comfort.',
    'Pick your usual size; the layering piece is cut loose.',
  ],
  sherwani: [
    ...TAILORED_FIT,
    'The churidar has an elasticated waist for comfort through long ceremonies.',
  ],
  bandhgala: TAILORED_FIT,
  'kurta-set': [
    'It has a relaxed, straight fit, so order your usual size.',
    'It fits true to size with a comfortable, regular cut through the chest.',
    'The pyjama has a drawstring waist for easy adjustment.',
  ],
  'indo-western-men': TAILORED_FIT,
  tuxedo: TAILORED_FIT,
  'jewellery-set': [
    'Store it in the pouch provided and keep it away from perfume.',
    'The earrings are lightweight, with push-back closures.',
  ],
  clutch: ['Every clutch is cleaned and checked after each rental.'],
  safa: [
    'The standard fit suits head sizes of 22 to 23 inches.',
    'Pair it with a matching stole to tie the look together.',
  ],
  juttis: [
    'Juttis soften with wear, so choose your usual size or half a size up.',
    'If you are between UK sizes, pick the larger one.',
  ],
};

const ACCESSORY_KINDS: ReadonlySet<GarmentKind> = new Set([
  'jewellery-set',
  'clutch',
  'safa',
  'juttis',
]);

function openersFor(kind: GarmentKind): readonly Opener[] {
  if (kind === 'juttis') return JUTTI_OPENERS;
  return ACCESSORY_KINDS.has(kind) ? ACCESSORY_OPENERS : GARMENT_OPENERS;
}

/** Writes descriptions for one kind, drawing prose variants evenly from that kind's pools. */
export class DescriptionWriter {
  private readonly rng: Rng;
  private readonly openers: Deck<Opener>;
  private readonly includes: Deck<string>;
  private readonly notes: Deck<string>;
  private readonly occasionDecks = new Map<Occasion, Deck<string>>();

  constructor(
    private readonly kind: GarmentKind,
    private readonly defaultNoun: string,
  ) {
    this.rng = createRng(`copy:${kind}`);
    this.openers = new Deck(openersFor(kind), this.rng);
    this.includes = new Deck(INCLUDES[kind], this.rng);
    this.notes = new Deck(NOTES[kind], this.rng);
  }

  write(design: Design): string {
    const accessory = ACCESSORY_KINDS.has(this.kind);
    const primary = design.occasions[0] ?? 'Festive';
    const opener = this.openers.draw()({
      colour: design.colour.toLowerCase(),
      fabric: design.fabric,
      work: design.work,
      noun: design.noun ?? this.defaultNoun,
      occasion: this.occasionPhrase(primary, accessory),
    });
    // Always draw, so an override on one design does not shift the variants of the others.
    const pooledIncludes = this.includes.draw();
    const sentences = [opener, design.detail, design.includes ?? pooledIncludes];
    const note = this.notes.draw();
    if (this.rng.chance(accessory ? 0.5 : 0.75)) sentences.push(note);
    return sentences.join(' ');
  }

  private occasionPhrase(occasion: Occasion, accessory: boolean): string {
    let deck = this.occasionDecks.get(occasion);
    if (deck === undefined) {
      deck = new Deck((accessory ? ACCESSORY_OCCASION : GARMENT_OCCASION)[occasion], this.rng);
      this.occasionDecks.set(occasion, deck);
    }
    return deck.draw();
  }
}
