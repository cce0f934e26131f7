import type { ColourName } from './types.js';

/** Rich, illustration-friendly shades for the named catalogue colours. */
export const COLOUR_HEX: Readonly<Record<ColourName, string>> = {
  Red: '#b3122e',
  Maroon: '#6e1423',
  'Rani Pink': '#d6246e',
  'Blush Pink': '#e8a5b5',
  Peach: '#f4a582',
  Ivory: '#f3ead8',
  Gold: '#d4a537',
  Mustard: '#d49a1a',
  Emerald: '#0f7a55',
  Teal: '#127a7d',
  'Royal Blue': '#2447a8',
  Navy: '#1b2a4e',
  Lavender: '#b39ddb',
  Black: '#1a1a1d',
  Wine: '#5e1a3a',
};

/** Embroidery and trim colours. */
export const ACCENT = {
  gold: '#c9a227',
  silver: '#c0c0c8',
  ivory: '#f5efe0',
  maroon: '#7b1e2b',
  ruby: '#a3162b',
  raniPink: '#d6246e',
  black: '#1a1a1d',
} as const;

/** Accent used when a design does not name one: gold, except where gold would vanish. */
const DEFAULT_ACCENT: Readonly<Partial<Record<ColourName, string>>> = {
  Gold: ACCENT.maroon,
  Lavender: ACCENT.silver,
};

export function accentFor(colour: ColourName, work: string, override?: string): string {
  if (override !== undefined) return override;
  if (/\bsilver\b/i.test(work)) return ACCENT.silver;
  return DEFAULT_ACCENT[colour] ?? ACCENT.gold;
}
