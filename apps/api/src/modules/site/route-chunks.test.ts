import { describe, expect, it } from 'vitest';
import { createRouteChunks, type ViteManifest } from './route-chunks.js';

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
};

describe('createRouteChunks', () => {
  const chunksFor = createRouteChunks(manifest);

  it("lists a page's chunks and what they import, without what the entry already loads", () => {
    expect(chunksFor('/collection')).toEqual([
      '/assets/collection-1.js',
      '/assets/grid-1.js',
      '/assets/card-1.js',
    ]);
    expect(chunksFor('/collection/')).toEqual(chunksFor('/collection'));
    expect(chunksFor('/product/3f2a')).toEqual([
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
