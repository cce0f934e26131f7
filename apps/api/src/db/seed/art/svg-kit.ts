/**
 * Tiny, dependency-free helpers for writing compact SVG markup.
 */

/** A point; a third element of 1 marks a sharp corner for {@link smooth}. */
export type Pt = readonly [number, number] | readonly [number, number, 1];

export type Attrs = Readonly<Record<string, string | number | undefined>>;

/** Formats a coordinate with at most one decimal, keeping the markup small. */
export function fmt(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function tag(name: string, attrs: Attrs = {}, inner?: string): string {
  let out = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === 'number' ? fmt(value) : value}"`;
  }
  return inner === undefined ? `${out}/>` : `${out}>${inner}</${name}>`;
}

export function path(d: string, attrs: Attrs = {}): string {
  return tag('path', { d, ...attrs });
}

export function circle(cx: number, cy: number, r: number, attrs: Attrs = {}): string {
  return tag('circle', { cx, cy, r, ...attrs });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: Attrs = {}): string {
  return tag('ellipse', { cx, cy, rx, ry, ...attrs });
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  attrs: Attrs = {},
): string {
  return tag('rect', { x, y, width, height, ...attrs });
}

export function group(inner: string, attrs: Attrs = {}): string {
  return inner === '' ? '' : tag('g', attrs, inner);
}

function pointAt(points: readonly Pt[], index: number): Pt {
  const point = points[index];
  if (point === undefined) throw new RangeError(`no point at ${index}`);
  return point;
}

/** Path coordinates are rounded to whole units: plenty at 600 x 800 and much smaller. */
const xy = (p: Pt): string => `${Math.round(p[0])} ${Math.round(p[1])}`;

/** Catmull-Rom spline through the points, as cubic Bézier path data. */
export function smooth(points: readonly Pt[], closed = true): string {
  const len = points.length;
  const at = (i: number): Pt =>
    pointAt(points, closed ? ((i % len) + len) % len : Math.min(len - 1, Math.max(0, i)));
  let d = `M${xy(at(0))}`;
  const segments = closed ? len : len - 1;
  let previousCurved = false;
  for (let i = 0; i < segments; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const k1 = p1[2] === 1 ? 0 : 1 / 6;
    const k2 = p2[2] === 1 ? 0 : 1 / 6;
    if (k1 === 0 && k2 === 0) {
      d += `L${xy(p2)}`;
      previousCurved = false;
      continue;
    }
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k2, p2[1] - (p3[1] - p1[1]) * k2];
    if (previousCurved && k1 !== 0) {
      // Catmull-Rom tangents are continuous, so the first control point is the reflection S implies.
      d += `S${xy(c2)} ${xy(p2)}`;
    } else {
      const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k1, p1[1] + (p2[1] - p0[1]) * k1];
      d += `C${xy(c1)} ${xy(c2)} ${xy(p2)}`;
    }
    previousCurved = true;
  }
  return closed ? `${d}Z` : d;
}

/** Straight-line path through the points. */
export function poly(points: readonly Pt[], closed = true): string {
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xy(p)}`).join('');
  return closed ? `${d}Z` : d;
}

/** Mirrors one point across the vertical line x = cx. */
export function mirrorPt(p: Pt, cx = 300): Pt {
  return p[2] === 1 ? [2 * cx - p[0], p[1], 1] : [2 * cx - p[0], p[1]];
}

/**
 * Builds a symmetric closed outline from its right half, listed from the top
 * point on the axis, down the right side, to the bottom point on the axis.
 */
export function sym(half: readonly Pt[], cx = 300): Pt[] {
  const left = half
    .slice(1, -1)
    .reverse()
    .map((p) => mirrorPt(p, cx));
  return [...half, ...left];
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Layers several fills over one shape without repeating its path data. */
export function layered(id: string, d: string, layers: readonly Attrs[]): string {
  const [only] = layers;
  if (layers.length === 1 && only) return path(d, only);
  const uses = layers.map((a) => tag('use', { href: `#${id}`, ...a })).join('');
  return `<defs>${path(d, { id })}</defs>${uses}`;
}

export interface Stop {
  readonly at: number;
  readonly colour: string;
  readonly opacity?: number;
}

function stops(list: readonly Stop[]): string {
  return list
    .map((s) => tag('stop', { offset: s.at, 'stop-color': s.colour, 'stop-opacity': s.opacity }))
    .join('');
}

export function linear(
  id: string,
  list: readonly Stop[],
  dir: readonly [number, number, number, number] = [0, 0, 1, 0],
  extra: Attrs = {},
): string {
  const [x1, y1, x2, y2] = dir;
  return tag('linearGradient', { id, x1, y1, x2, y2, ...extra }, stops(list));
}

export function radial(id: string, list: readonly Stop[], extra: Attrs = {}): string {
  return tag('radialGradient', { id, ...extra }, stops(list));
}

export function svgDocument(width: number, height: number, inner: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${inner}</svg>`
  );
}
