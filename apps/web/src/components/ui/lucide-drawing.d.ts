/**
 * A Lucide icon's module read for its drawing alone (components/ui/glyph.tsx): vite.config.ts
 * resolves `lucide-drawing/<name>` to `lucide-react/dist/esm/icons/<name>.mjs`, which exports it
 * beside the icon's component, though Lucide's type declarations name only the component.
 */
declare module 'lucide-drawing/*' {
  export const __iconData: {
    name: string;
    node: readonly (readonly [string, Readonly<Record<string, string>>])[];
  };
}
