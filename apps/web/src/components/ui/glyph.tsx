import { createElement } from 'react';
import { __iconData as chevronLeft } from 'lucide-drawing/chevron-left';
import { __iconData as chevronRight } from 'lucide-drawing/chevron-right';
import { __iconData as menu } from 'lucide-drawing/menu';
import { __iconData as search } from 'lucide-drawing/search';
import { __iconData as shoppingBag } from 'lucide-drawing/shopping-bag';
import { __iconData as user } from 'lucide-drawing/user';

/**
 * The icons of the first page load (the header's and the hero's), drawn as Lucide draws them
 * (the same SVG, attributes and classes) from their drawings alone. Lucide's components come with
 * a builder, a context and helpers (about 1 KB compressed) that the first script need not carry
 * (issue [P] §2: the English first load does not grow with Hindi); every other icon is Lucide's
 * own component. `lucide-drawing/<name>` is Lucide's icon module (vite.config.ts's alias), typed as its
 * drawing alone (lucide-drawing.d.ts); lucideIconsPure there lets the bundler leave out the rest.
 */
export const GLYPHS = { chevronLeft, chevronRight, menu, search, shoppingBag, user };

export function Glyph({ icon, size = 24 }: { icon: keyof typeof GLYPHS; size?: number }) {
  const { name, node } = GLYPHS[icon];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name}`}
      aria-hidden="true"
    >
      {node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
