import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { installableShop, appIcons } from './build/installable';
import { lucideIconsPure } from './build/lucide';
import { messageCatalogues } from './build/message-catalogues';
import { precompress } from './build/precompress';
import { reactRouterProduction, shakeReactRouter } from './build/react-router';
import { compileHints, startAfterFirstPaint } from './build/start-after-paint';

// The build's own plugins are in build/, one file each: why each exists is written there.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    messageCatalogues(),
    react(),
    tailwindcss(),
    shakeReactRouter(),
    lucideIconsPure(),
    startAfterFirstPaint(),
    // The server build's files are loaded by the server, never sent.
    ...(isSsrBuild ? [] : [compileHints(), precompress(), appIcons(), ...installableShop()]),
  ],
  resolve: {
    alias: [
      {
        find: '@pehnava/shared',
        replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      },
      { find: /^react-router$/, replacement: reactRouterProduction },
      // An icon's drawing without its component (components/ui/glyph.tsx).
      // A module of its own (the query), so the icon's component, which other chunks import from
      // its plain module, is not built in the first script because its drawing is there.
      { find: /^lucide-drawing\/(.+)$/, replacement: 'lucide-react/dist/esm/icons/$1.mjs?drawing' },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets the server preload each page's own chunks (apps/api/src/modules/site).
    manifest: true,
    // Every browser the es2022 target admits supports <link rel="modulepreload">; Vite's
    // polyfill for the others would only add to the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // TanStack Query as one chunk: every page that reads data needs nearly all of it,
              // and left to itself the bundler cuts it into four files by who imports what, each
              // one more request on the page. Its dependency (React) stays where it is. Not
              // useQueries and its observer: only the console uses them (decision 053).
              name: 'query',
              test: (id) =>
                /[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]lib[\\/]queries\.tsx$/.test(
                  id,
                ) && !/[\\/](useQueries|queriesObserver)\.js$/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
