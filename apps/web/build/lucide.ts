import type { Plugin } from 'vite';

/**
 * Each Lucide icon's module builds its component at the top (`X = createLucideIcon(__iconData)`),
 * a call the bundler cannot know is pure, so importing only an icon's drawing (`__iconData`, as
 * components/ui/glyph.tsx does for the first page's icons) would still bring Lucide's builder into
 * the first script. The call has no side effects; this marks it so, in Lucide's icon files only.
 * If their shape changes, the build stops here rather than silently growing.
 */
export function lucideIconsPure(): Plugin {
  const CREATE = /= createLucideIcon\(/;
  return {
    name: 'pehnava:lucide-icons-pure',
    apply: 'build',
    transform(code, id) {
      const icon =
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^\\/]+)\.mjs(\?drawing)?$/.exec(id);
      // index.mjs names them all; each of the others is one icon.
      if (!icon || icon[1] === 'index') return null;
      if (!CREATE.test(code)) {
        this.error(`Lucide's ${id} no longer matches what build/lucide.ts expects`);
      }
      return { code: code.replace(CREATE, '= /* @__PURE__ */ createLucideIcon('), map: null };
    },
  };
}
