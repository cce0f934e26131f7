import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// React Router 7's package.json sends every build to its development files (dist/development),
// whose only difference is that its development warnings are on (ENABLE_DEV_WARNINGS = true):
// dead weight in every page's first script. The same version's production files sit beside them.
// (Upstream: remix-run/react-router issues 12532 and 14102.)
export const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * React Router is one module, and it declares its components as `X = React.forwardRef(...)`
 * followed by `X.displayName = "X"`: a call the bundler cannot know is pure and a property write,
 * so Form, useSubmit, Link, NavLink and the route-module prefetching behind them stay in the first
 * script although this app uses none of them (its links are lib/link.tsx). forwardRef has no side
 * effects and displayName is only for React's developer tools, so this marks the one pure and
 * drops the other, in React Router's files only. Line numbers are kept, so its source map holds.
 * If React Router's code changes shape, the build stops here rather than silently growing.
 */
export function shakeReactRouter(): Plugin {
  const FORWARD_REF = /= (React\d*)\.forwardRef\(/g;
  const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  return {
    name: 'pehnava:shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-/.test(id)) return null;
      if (!code.includes('.forwardRef(')) return null;
      const marked = code.replace(FORWARD_REF, '= /* @__PURE__ */ $1.forwardRef(');
      const shaken = marked.replace(DISPLAY_NAME, '');
      if (marked === code || shaken === marked) {
        this.error(`React Router's ${id} no longer matches what build/react-router.ts expects`);
      }
      return { code: shaken, map: null };
    },
  };
}
