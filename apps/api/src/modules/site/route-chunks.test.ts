import { describe, expect, it } from 'vitest';
import { createRouteChunks, findConsoleSplits, type ViteManifest } from './route-chunks.js';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_grid-1.js': { file: 'assets/grid-1.js', imports: ['_react-1.js', '_card-1.js'] },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_grid-1.js'] },
  'src/routes/collection.tsx': {
    file: 'assets/collection-1.js',
    imports: ['index.html', '_react-1.js', '_grid-1.js'],
  },
  'src/routes/product.tsx': { file: 'assets/product-1.js', imports: ['index.html', '_grid-1.js'] },
  '_query-1.js': { file: 'assets/query-1.js', name: 'query', imports: ['_react-1.js'] },
};

describe('createRouteChunks', () => {
  const chunksFor = createRouteChunks(manifest);

  it("lists a page's chunks and what they import, without what the entry already loads", () => {
    expect(chunksFor('/collection')).toEqual([
      '/assets/collection-1.js',
      '/assets/grid-1.js',
      '/assets/card-1.js',
      '/assets/query-1.js',
    ]);
    expect(chunksFor('/collection/')).toEqual(chunksFor('/collection'));
    expect(chunksFor('/product/3f2a')).toEqual([
      '/assets/product-1.js',
      '/assets/grid-1.js',
      '/assets/card-1.js',
      '/assets/query-1.js',
    ]);
  });

  it('adds the query client, which every lazily loaded page loads beside its own chunks', () => {
    const withoutClient = { ...manifest };
    delete withoutClient['_query-1.js'];
    expect(createRouteChunks(withoutClient)('/product/3f2a')).toEqual([
      '/assets/product-1.js',
      '/assets/grid-1.js',
      '/assets/card-1.js',
    ]);
  });

  it('lists nothing for the home page, unknown pages, pages missing from the build, or no build', () => {
    expect(chunksFor('/')).toEqual([]);
    expect(chunksFor('/nowhere')).toEqual([]);
    expect(chunksFor('/about')).toEqual([]);
    expect(createRouteChunks(undefined)('/collection')).toEqual([]);
  });
});

describe('findConsoleSplits', () => {
  // The shop's product and collection pages share `shopper` (with TanStack's queryOptions in it);
  // the console is a lazily loaded page of its own.
  const base: ViteManifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_react-1.js'],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_shopper-1.js': { file: 'assets/shopper-1.js', imports: ['index.html', '_react-1.js'] },
    'src/routes/collection.tsx': {
      file: 'assets/collection-1.js',
      src: 'src/routes/collection.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_shopper-1.js'],
    },
    'src/routes/product.tsx': {
      file: 'assets/product-1.js',
      src: 'src/routes/product.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_shopper-1.js'],
    },
    'src/admin/console-app.tsx': {
      file: 'assets/console-app-1.js',
      src: 'src/admin/console-app.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_react-1.js'],
    },
  };

  it('finds nothing when the console shares only what the shop splits out anyway', () => {
    expect(findConsoleSplits(base)).toEqual([]);
    // The console may share a chunk that no shop-only chunk could absorb (React, here).
    expect(findConsoleSplits(manifest)).toEqual([]);
  });

  it("reports a chunk split out of the shop's only because the console imports it too", () => {
    // The first console build: it imported queryOptions, which left `shopper` for a chunk of its
    // own that both shop pages then preloaded.
    const split: ViteManifest = {
      ...base,
      '_queryOptions-1.js': { file: 'assets/queryOptions-1.js', imports: ['_react-1.js'] },
      '_shopper-1.js': {
        file: 'assets/shopper-1.js',
        imports: ['index.html', '_react-1.js', '_queryOptions-1.js'],
      },
      'src/admin/console-app.tsx': {
        ...base['src/admin/console-app.tsx']!,
        imports: ['index.html', '_react-1.js', '_queryOptions-1.js'],
      },
    };
    expect(findConsoleSplits(split)).toEqual([
      {
        file: 'assets/queryOptions-1.js',
        otherwiseIn: 'assets/shopper-1.js',
        routes: ['/collection', '/product'],
        consoleModules: ['src/admin/console-app.tsx'],
      },
    ]);
  });

  it("reports a page's own module that the console imports", () => {
    // The console imports a module only the product page used: it leaves the page's chunk.
    const split: ViteManifest = {
      ...base,
      '_categories-1.js': { file: 'assets/categories-1.js' },
      'src/routes/product.tsx': {
        ...base['src/routes/product.tsx']!,
        imports: ['index.html', '_shopper-1.js', '_categories-1.js'],
      },
      'src/admin/console-app.tsx': {
        ...base['src/admin/console-app.tsx']!,
        imports: ['index.html', '_categories-1.js'],
      },
    };
    expect(findConsoleSplits(split)).toEqual([
      {
        file: 'assets/categories-1.js',
        otherwiseIn: 'assets/product-1.js',
        routes: ['/product'],
        consoleModules: ['src/admin/console-app.tsx'],
      },
    ]);
  });
});
