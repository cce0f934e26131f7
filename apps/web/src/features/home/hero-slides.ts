import { heroImageSrcSet, heroImageUrl } from '@pehnava/shared';

export interface HeroSlide {
  title: string;
  subtitle: string;
  description: string;
  tagline: string;
  image: string;
  /** The picture at each width it is sent at, for the browser to take the one its screen needs. */
  srcSet: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'The Bridal Edit',
    subtitle: 'Lehengas for the big day',
    description:
      'Hand-embroidered bridal lehengas in zardozi, gota patti and resham, rented for a fraction of the price.',
    tagline: 'Your dream lehenga, without the lifetime price tag',
    image: heroImageUrl(0),
    srcSet: heroImageSrcSet(0),
  },
  {
    title: 'For the Groom',
    subtitle: 'Sherwanis, bandhgalas and safas',
    description:
      'Structured sherwanis and Jodhpur bandhgalas, tailored to fit and ready for the baraat.',
    tagline: 'Walk in like royalty',
    image: heroImageUrl(1),
    srcSet: heroImageSrcSet(1),
  },
  {
    title: 'Sangeet & Mehendi',
    subtitle: 'Colour, mirror work and movement',
    description:
      'Shararas, anarkalis and light lehengas in festive colours, made for a night of dancing.',
    tagline: 'Dressed for every ceremony',
    image: heroImageUrl(2),
    srcSet: heroImageSrcSet(2),
  },
  {
    title: 'The Finishing Touch',
    subtitle: 'Kundan, polki and temple jewellery',
    description:
      'Statement sets, potli clutches and embroidered juttis to complete the look, rented by the day.',
    tagline: 'Heirloom looks, on loan',
    image: heroImageUrl(3),
    srcSet: heroImageSrcSet(3),
  },
  {
    title: 'Reception Nights',
    subtitle: 'Gowns and sarees that shimmer',
    description:
      'Sequinned sarees and flowing gowns for the evening, cleaned and quality-checked before they reach you.',
    tagline: 'Own the evening',
    image: heroImageUrl(4),
    srcSet: heroImageSrcSet(4),
  },
];

/** Progress per tick and tick length: +2% every 100 ms, so about 5 s a slide. */
export const HERO_PROGRESS_STEP = 2;
export const HERO_TICK_MS = 100;
