import { ACCENT } from './palette.js';
import type { Design } from './types.js';

/** Hand-curated womenswear. Prose around `detail` is added by the generator. */

export const LEHENGAS: readonly Design[] = [
  {
    name: 'Rani Pink Zardozi Bridal Lehenga',
    colour: 'Rani Pink',
    fabric: 'raw silk',
    work: 'zardozi and dabka',
    mrp: 48500,
    occasions: ['Wedding'],
    detail:
      'The twenty-four-kali skirt ends in a ten-inch border of hand-laid zardozi florals, with tiny dabka buttis scattered above it.',
    bestseller: true,
  },
  {
    name: 'Maroon Velvet Heritage Bridal Lehenga',
    colour: 'Maroon',
    fabric: 'velvet',
    work: 'antique zardozi, nakshi and kundan',
    mrp: 58000,
    occasions: ['Wedding', 'Reception'],
    detail:
      'Jaal panels of antique-gold nakshi run from waist to hem, and the blouse is studded with kundan along a deep sweetheart neckline.',
    includes:
      'It comes with the blouse, a net dupatta for the head and a heavier velvet dupatta for the shoulders, plus a can-can for volume.',
  },
  {
    name: 'Red Banarasi Shikargah Lehenga',
    colour: 'Red',
    fabric: 'banarasi brocade',
    work: 'woven gold zari',
    mrp: 26999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'Woven shikargah motifs of birds and deer circle the skirt without a break, so it looks rich without a single stitch of heavy embroidery.',
  },
  {
    name: 'Blush Pink Sequin Reception Lehenga',
    colour: 'Blush Pink',
    fabric: 'georgette',
    work: 'tonal sequins and cutdana',
    mrp: 22500,
    occasions: ['Reception', 'Party'],
    detail:
      'Ombre sequin stripes catch the light with every step, and the skirt keeps its swing without needing a can-can.',
    accent: ACCENT.silver,
  },
  {
    name: 'Ivory Gota Patti Tissue Lehenga',
    colour: 'Ivory',
    fabric: 'tissue silk',
    work: 'gota patti and pearls',
    mrp: 18500,
    occasions: ['Wedding', 'Reception'],
    detail: 'Scalloped gota patti borders frame a skirt scattered with hand-stitched pearl drops.',
  },
  {
    name: 'Emerald Mirror Work Sangeet Lehenga',
    colour: 'Emerald',
    fabric: 'raw silk',
    work: 'mirror work and resham thread',
    mrp: 14999,
    occasions: ['Sangeet', 'Mehendi'],
    detail:
      'Hundreds of hand-set mirrors sparkle against the green in a Kutch-inspired pattern, and pom-pom latkans swing from the drawstring.',
  },
  {
    name: 'Wine Panelled Dabka Lehenga',
    colour: 'Wine',
    fabric: 'velvet',
    work: 'dabka and zari',
    mrp: 32000,
    occasions: ['Reception', 'Wedding'],
    detail:
      'Vertical dabka vines on the panelled skirt lengthen the silhouette, ending in a broad zari hem.',
  },
  {
    name: 'Royal Blue Peacock Border Lehenga',
    colour: 'Royal Blue',
    fabric: 'raw silk',
    work: 'zardozi and sequins',
    mrp: 11499,
    occasions: ['Reception', 'Sangeet'],
    detail:
      'Gold zardozi peacocks parade along the hem, and the same motif is echoed on the cap-sleeve blouse.',
  },
  {
    name: 'Mustard Chanderi Gota Lehenga',
    colour: 'Mustard',
    fabric: 'chanderi silk',
    work: 'gota patti',
    mrp: 7999,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'Leaf-shaped gota patti appliqué is scattered across a breezy skirt that is easy to sit and dance in through a long afternoon.',
  },
  {
    name: 'Peach Organza Floral Lehenga',
    colour: 'Peach',
    fabric: 'organza',
    work: 'resham thread work and sequins',
    mrp: 9499,
    occasions: ['Sangeet', 'Reception'],
    detail: 'Pastel resham roses bloom over layered organza, giving the skirt a soft, airy volume.',
    bestseller: true,
  },
  {
    name: 'Lavender Shadow Chikankari Lehenga',
    colour: 'Lavender',
    fabric: 'georgette',
    work: 'chikankari and mukaish',
    mrp: 8999,
    occasions: ['Mehendi', 'Reception'],
    detail:
      'Lucknowi shadow-work chikankari covers the skirt, lifted by fine mukaish dots for a subtle shimmer.',
    accent: ACCENT.ivory,
  },
  {
    name: 'Teal Kadhua Banarasi Lehenga',
    colour: 'Teal',
    fabric: 'banarasi silk',
    work: 'a woven zari border',
    mrp: 9999,
    occasions: ['Festive', 'Wedding'],
    detail:
      'The hand-woven kadhua border in antique gold is the only ornament, leaving the plain body to show off how the silk falls.',
  },
  {
    name: 'Gold Crushed Tissue Lehenga',
    colour: 'Gold',
    fabric: 'crushed tissue',
    work: 'a sequinned blouse',
    mrp: 6499,
    occasions: ['Festive', 'Reception'],
    detail:
      'The crinkled skirt has a liquid sheen that moves with you, a modern take on a festive classic.',
    soldOut: true,
  },
  {
    name: 'Navy Starlight Sequin Lehenga',
    colour: 'Navy',
    fabric: 'georgette',
    work: 'silver sequins',
    mrp: 7499,
    occasions: ['Party', 'Reception'],
    detail:
      'Scattered silver sequins read like a night sky, and the flared skirt is light enough to wear through a long party.',
  },
  {
    name: 'Black Banjara Thread Work Lehenga',
    colour: 'Black',
    fabric: 'cotton silk',
    work: 'multicolour banjara thread work and tiny mirrors',
    mrp: 4499,
    occasions: ['Sangeet', 'Festive'],
    detail:
      'Bright pink and green stitching pops against the black, and woollen tassels hang from the waistband.',
    accent: ACCENT.raniPink,
  },
  {
    name: 'Rani Pink Leheriya Lehenga',
    colour: 'Rani Pink',
    fabric: 'cotton silk',
    work: 'a narrow gota lace',
    mrp: 3999,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'Rajasthani leheriya waves in pink and orange are hand-dyed across the skirt, a cheerful pick for daytime rituals.',
  },
];

export const SAREES: readonly Design[] = [
  {
    name: 'Red Kanjeevaram Temple Border Saree',
    colour: 'Red',
    fabric: 'kanjeevaram silk',
    work: 'pure zari',
    mrp: 24999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'A contrast mustard korvai border and a temple-motif pallu are woven the way Kanchipuram weavers have done for generations.',
    bestseller: true,
  },
  {
    name: 'Wine Banarasi Katan Saree',
    colour: 'Wine',
    fabric: 'banarasi katan silk',
    work: 'gold and silver zari bootis',
    mrp: 16500,
    occasions: ['Wedding', 'Reception'],
    detail:
      'Each kadwa booti is woven on its own, so the reverse of the silk stays as clean as the front.',
    accent: ACCENT.gold,
  },
  {
    name: 'Ivory Lucknowi Chikankari Saree',
    colour: 'Ivory',
    fabric: 'georgette',
    work: 'chikankari',
    mrp: 7999,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'Every inch of the border is hand-embroidered in Lucknow with phanda and murri knots, soft enough to wear from morning puja to evening.',
  },
  {
    name: 'Emerald Kanjeevaram Bridal Saree',
    colour: 'Emerald',
    fabric: 'kanjeevaram silk',
    work: 'pure zari',
    mrp: 32500,
    occasions: ['Wedding'],
    detail:
      'The pallu carries a woven procession of elephants and annams, set off by a rani pink border.',
  },
  {
    name: 'Black Sequin Georgette Saree',
    colour: 'Black',
    fabric: 'georgette',
    work: 'scattered sequins',
    mrp: 5999,
    occasions: ['Party', 'Reception'],
    detail:
      'The sequins are spread evenly across the drape, so nothing heavy drags down the fall of the pleats.',
    accent: ACCENT.silver,
  },
  {
    name: 'Blush Pink Hand-Painted Organza Saree',
    colour: 'Blush Pink',
    fabric: 'organza',
    work: 'hand-painted florals and a sequin edge',
    mrp: 4999,
    occasions: ['Sangeet', 'Reception'],
    detail: 'Hand-painted peonies climb the pleats, outlined by a thin piping of sequins.',
  },
  {
    name: 'Mustard Gharchola Bandhani Saree',
    colour: 'Mustard',
    fabric: 'gaji silk',
    work: 'bandhani and woven zari checks',
    mrp: 6999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'Gujarati gharchola checks in zari frame tiny tie-dyed bandhani dots, a traditional choice for the wedding rituals.',
  },
  {
    name: 'Navy Chanderi Coin Butti Saree',
    colour: 'Navy',
    fabric: 'chanderi silk',
    work: 'zari coin buttis',
    mrp: 3499,
    occasions: ['Festive', 'Party'],
    detail:
      'Light as air with a translucent sheen, it has a slim woven border and a simple striped pallu.',
  },
  {
    name: 'Peach Gota Georgette Saree',
    colour: 'Peach',
    fabric: 'georgette',
    work: 'gota patti',
    mrp: 3999,
    occasions: ['Mehendi', 'Sangeet'],
    detail: 'A broad scalloped gota border frames the drape, and the pallu ends in silk tassels.',
  },
  {
    name: 'Teal Paithani Peacock Saree',
    colour: 'Teal',
    fabric: 'paithani silk',
    work: 'zari weaving',
    mrp: 14500,
    occasions: ['Wedding', 'Festive'],
    detail:
      'The pallu bears the classic paithani peacock, woven in multicolour silk on a gold zari ground.',
  },
  {
    name: 'Royal Blue Banarasi Jaal Saree',
    colour: 'Royal Blue',
    fabric: 'banarasi georgette',
    work: 'an all-over zari jaal',
    mrp: 8499,
    occasions: ['Reception', 'Festive'],
    detail: 'The muted gold jaal gives the georgette a rich texture while it still drapes softly.',
  },
  {
    name: 'Maroon Tussar Kantha Saree',
    colour: 'Maroon',
    fabric: 'tussar silk',
    work: 'kantha embroidery',
    mrp: 4499,
    occasions: ['Festive', 'Wedding'],
    detail:
      'Running kantha stitches form Bengali folk motifs along the border, softening the natural slub of the tussar.',
    soldOut: true,
  },
  {
    name: 'Lavender Ruffle Chiffon Saree',
    colour: 'Lavender',
    fabric: 'chiffon',
    work: 'a sequin border',
    mrp: 2999,
    occasions: ['Party', 'Sangeet'],
    detail:
      'Two tiers of soft ruffles edge the drape, and it arrives pre-pleated so it can be worn in minutes.',
  },
  {
    name: 'Gold Kasavu Tissue Saree',
    colour: 'Gold',
    fabric: 'tissue',
    work: 'a broad woven zari border',
    mrp: 5499,
    occasions: ['Festive', 'Wedding'],
    detail:
      'Inspired by the Kerala kasavu, the border carries a thin maroon stripe that keeps it from looking plain.',
  },
];

export const ANARKALIS: readonly Design[] = [
  {
    name: 'Ivory Chikankari Floor-Length Anarkali',
    colour: 'Ivory',
    fabric: 'georgette',
    work: 'chikankari and mukaish',
    mrp: 6499,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'Eighty kalis fall to the floor from a fitted yoke, each panel edged with delicate chikan jaali.',
  },
  {
    name: 'Emerald Velvet Zardozi Anarkali',
    colour: 'Emerald',
    fabric: 'velvet',
    work: 'zardozi',
    mrp: 12999,
    occasions: ['Reception', 'Wedding'],
    detail:
      'A deep zardozi yoke flows into a floor-sweeping flare that is warm enough for winter evenings.',
    bestseller: true,
  },
  {
    name: 'Rani Pink Gota Chanderi Anarkali',
    colour: 'Rani Pink',
    fabric: 'chanderi silk',
    work: 'gota patti',
    mrp: 4299,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'Gota bands at the yoke and hem give shape to an otherwise light, twirl-friendly flare.',
  },
  {
    name: 'Maroon Zari Butti Anarkali',
    colour: 'Maroon',
    fabric: 'art silk',
    work: 'zari and resham',
    mrp: 3999,
    occasions: ['Festive'],
    detail:
      'Small zari buttis are scattered over the body, with ivory piping tracing the neckline.',
  },
  {
    name: 'Black Sheer-Sleeve Sequin Anarkali',
    colour: 'Black',
    fabric: 'georgette',
    work: 'gold sequin stripes',
    mrp: 7499,
    occasions: ['Party', 'Sangeet'],
    detail: 'A plunging V-neck and sheer sleeves give this one a cocktail edge.',
  },
  {
    name: 'Peach Pearl Organza Anarkali',
    colour: 'Peach',
    fabric: 'organza',
    work: 'resham and pearls',
    mrp: 5999,
    occasions: ['Sangeet', 'Reception'],
    detail:
      'Pearl-studded resham florals sit along a sweetheart yoke, and the layered flare floats as you move.',
  },
  {
    name: 'Royal Blue Banarasi Kalidar Anarkali',
    colour: 'Royal Blue',
    fabric: 'banarasi silk',
    work: 'woven zari motifs',
    mrp: 11999,
    occasions: ['Wedding', 'Festive'],
    detail:
      'Cut from a single length of woven silk, the kalis are matched so the motifs line up at every seam.',
  },
  {
    name: 'Mustard Mirror Bib Anarkali',
    colour: 'Mustard',
    fabric: 'cotton silk',
    work: 'mirror work and cowrie shells',
    mrp: 3499,
    occasions: ['Mehendi', 'Sangeet'],
    detail:
      'A bib of round mirrors and cowrie accents brings a playful Rajasthani feel to the day.',
  },
  {
    name: 'Wine Dabka Kundan Anarkali',
    colour: 'Wine',
    fabric: 'silk crepe',
    work: 'dabka and kundan',
    mrp: 15500,
    occasions: ['Reception', 'Wedding'],
    detail:
      'The yoke is densely worked and set with kundan stones, and the double-lined flare falls fuller than most.',
  },
  {
    name: 'Lavender Vine Embroidered Anarkali',
    colour: 'Lavender',
    fabric: 'georgette',
    work: 'tonal thread work and sequins',
    mrp: 4799,
    occasions: ['Sangeet', 'Party'],
    detail:
      'A climbing vine pattern rises from the hem, and a keyhole back closes with a tasselled dori.',
  },
  {
    name: 'Teal Raw Silk Jacket Anarkali',
    colour: 'Teal',
    fabric: 'raw silk',
    work: 'zardozi and cutdana',
    mrp: 8999,
    occasions: ['Festive', 'Reception'],
    detail:
      'A cropped jacket with cutdana borders sits over a plain flared anarkali and comes off for a lighter look.',
  },
];

export const GOWNS: readonly Design[] = [
  {
    name: 'Blush Pink Crystal Corset Gown',
    colour: 'Blush Pink',
    fabric: 'tulle',
    work: 'hand-set crystals and sequins',
    mrp: 18999,
    occasions: ['Reception', 'Party'],
    detail:
      'The corseted bodice glitters with crystals and flows into a tiered skirt with a short trail.',
    accent: ACCENT.silver,
  },
  {
    name: 'Navy Pre-Draped Saree Gown',
    colour: 'Navy',
    fabric: 'georgette',
    work: 'silver sequins',
    mrp: 9999,
    occasions: ['Reception', 'Party'],
    detail:
      'A pre-draped pallu falls from one shoulder, giving the silhouette of a saree with the ease of a gown.',
    bestseller: true,
  },
  {
    name: 'Red Velvet Paisley Gown',
    colour: 'Red',
    fabric: 'velvet',
    work: 'zardozi paisleys',
    mrp: 13500,
    occasions: ['Reception', 'Wedding'],
    detail: 'The fitted bodice opens into soft pleats that pool slightly at the floor.',
  },
  {
    name: 'Gold Shimmer Mermaid Gown',
    colour: 'Gold',
    fabric: 'shimmer georgette',
    work: 'sequins',
    mrp: 8499,
    occasions: ['Party', 'Reception'],
    detail:
      'A fitted mermaid cut flares below the knee, and the fabric has a little stretch for comfort.',
  },
  {
    name: 'Lavender Organza Ruffle Gown',
    colour: 'Lavender',
    fabric: 'organza',
    work: 'pearls and thread work',
    mrp: 6999,
    occasions: ['Sangeet', 'Reception'],
    detail:
      'Cascading ruffles run down one side of the skirt, and the off-shoulder neckline is edged with tiny pearls.',
    soldOut: true,
  },
  {
    name: 'Emerald Satin Cape Gown',
    colour: 'Emerald',
    fabric: 'satin',
    work: 'a cutdana-trimmed cape',
    mrp: 4499,
    occasions: ['Party'],
    detail: 'The sheer cape floats from the shoulders over a clean column silhouette.',
  },
  {
    name: 'Ivory Resham Trail Gown',
    colour: 'Ivory',
    fabric: 'silk',
    work: 'zari and resham florals',
    mrp: 24000,
    occasions: ['Reception', 'Wedding'],
    detail:
      'A cathedral-length trail is bordered in embroidered flowers for an unforgettable entrance.',
  },
  {
    name: 'Wine Ruched Satin Gown',
    colour: 'Wine',
    fabric: 'satin',
    work: 'a crystal-studded belt',
    mrp: 3999,
    occasions: ['Party', 'Reception'],
    detail: 'Soft ruching across the bodice defines the waist above a fluid, floor-length skirt.',
  },
];

export const SHARARAS: readonly Design[] = [
  {
    name: 'Mustard Gota Patti Sharara Set',
    colour: 'Mustard',
    fabric: 'georgette',
    work: 'gota patti',
    mrp: 4999,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'A short kurti with a gota neckline sits over tiered sharara pants that flare from the knee.',
    bestseller: true,
  },
  {
    name: 'Rani Pink Mirror Sharara Set',
    colour: 'Rani Pink',
    fabric: 'georgette',
    work: 'mirror work and resham',
    mrp: 6999,
    occasions: ['Mehendi', 'Sangeet'],
    detail:
      'Mirror-studded panels on the kurti throw flashes of colour onto the bright sharara below.',
  },
  {
    name: 'Ivory Scalloped Chikankari Sharara',
    colour: 'Ivory',
    fabric: 'georgette',
    work: 'chikankari',
    mrp: 5499,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'A flowing kurti with a scalloped hem sits over a sharara with a worked band at the knee.',
  },
  {
    name: 'Teal Peplum Sharara Set',
    colour: 'Teal',
    fabric: 'velvet',
    work: 'zardozi',
    mrp: 11999,
    occasions: ['Reception', 'Wedding'],
    detail:
      'A peplum kurti with an embroidered yoke tops a voluminous sharara bordered at the flare.',
  },
  {
    name: 'Peach Floral Chinon Sharara',
    colour: 'Peach',
    fabric: 'chinon silk',
    work: 'sequins and thread work',
    mrp: 3799,
    occasions: ['Sangeet', 'Mehendi'],
    detail:
      'A floral-print kurti with a sparkling neckline pairs with a breezy sharara that swishes as you dance.',
  },
  {
    name: 'Maroon Banarasi Brocade Sharara',
    colour: 'Maroon',
    fabric: 'banarasi silk',
    work: 'woven zari',
    mrp: 8499,
    occasions: ['Festive', 'Wedding'],
    detail:
      'The sharara is cut from brocade and balanced by a plain silk kurti with a zari-trimmed neckline.',
  },
  {
    name: 'Blush Pink Pearl Trellis Sharara',
    colour: 'Blush Pink',
    fabric: 'organza',
    work: 'pearl and cutdana',
    mrp: 14999,
    occasions: ['Reception', 'Sangeet'],
    detail:
      'The embroidery maps a trellis across the kurti, and a double layer of organza gives the sharara volume.',
    accent: ACCENT.ivory,
  },
  {
    name: 'Lavender Sequin Kurti Sharara',
    colour: 'Lavender',
    fabric: 'georgette',
    work: 'all-over sequins',
    mrp: 4499,
    occasions: ['Party', 'Sangeet'],
    detail:
      'The short kurti glints under sangeet lights, with a plain sharara to balance the shine.',
  },
];

export const INDO_WESTERN_WOMEN: readonly Design[] = [
  {
    name: 'Emerald Mirror Cape and Dhoti Set',
    colour: 'Emerald',
    fabric: 'crepe',
    work: 'mirror work',
    mrp: 5999,
    occasions: ['Sangeet', 'Party'],
    detail: 'A crop top and draped dhoti pants are finished with a sheer cape that trails behind.',
  },
  {
    name: 'Ivory Pearl Jacket Palazzo Set',
    colour: 'Ivory',
    fabric: 'silk',
    work: 'pearl and zari trims',
    mrp: 4799,
    occasions: ['Party', 'Festive'],
    detail:
      'A long jacket layers over a bustier and wide palazzos, a look that moves easily from pujas to parties.',
  },
  {
    name: 'Black Structured Jacket Skirt Set',
    colour: 'Black',
    fabric: 'velvet',
    work: 'a zardozi collar',
    mrp: 12500,
    occasions: ['Reception', 'Party'],
    detail: 'The structured jacket is paired with a slim draped skirt for a sharp fusion look.',
  },
  {
    name: 'Rani Pink Draped Skirt Set',
    colour: 'Rani Pink',
    fabric: 'satin',
    work: 'a sequinned corset blouse',
    mrp: 3999,
    occasions: ['Sangeet', 'Party'],
    detail: 'The asymmetric draped skirt makes this one of the easiest fusion looks to dance in.',
    bestseller: true,
  },
  {
    name: 'Royal Blue Palazzo Saree Set',
    colour: 'Royal Blue',
    fabric: 'georgette',
    work: 'sequins and cutdana',
    mrp: 4999,
    occasions: ['Reception', 'Party'],
    detail: 'Palazzo pants with an attached drape give the look of a saree without any pleating.',
  },
  {
    name: 'Peach High-Low Kurta and Dhoti Set',
    colour: 'Peach',
    fabric: 'cotton silk',
    work: 'gota patti and mirrors',
    mrp: 5299,
    occasions: ['Mehendi', 'Festive'],
    detail:
      'A high-low kurta sits over soft dhoti pants, comfortable for a long mehendi afternoon.',
  },
];
