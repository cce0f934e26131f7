/** Small colour utilities working on '#rrggbb' strings. */

type Rgb = readonly [number, number, number];

const FALLBACK = '#808080';

/** Lower-cases and expands a hex colour; anything unparseable becomes grey. */
export function normaliseHex(input: string): string {
  const value = input.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) {
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  }
  return FALLBACK;
}

function toRgb(hex: string): Rgb {
  const v = normaliseHex(hex);
  return [
    Number.parseInt(v.slice(1, 3), 16),
    Number.parseInt(v.slice(3, 5), 16),
    Number.parseInt(v.slice(5, 7), 16),
  ];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = toRgb(a);
  const [br, bg, bb] = toRgb(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

/** Darkens towards a warm near-black, which keeps shadows rich rather than grey. */
export const shade = (colour: string, t: number): string => mix(colour, '#1c0e14', t);

/** Lightens towards a warm white. */
export const tint = (colour: string, t: number): string => mix(colour, '#fffaf2', t);

/** Perceived lightness from 0 (black) to 1 (white). */
export function lightness(colour: string): number {
  const [r, g, b] = toRgb(colour);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A short stable hash of some strings, used to keep element ids unique. */
export function shortHash(...parts: readonly string[]): string {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(36).slice(0, 4);
}
