import { describe, expect, it } from 'vitest';
import {
  ART_PICTURE,
  artPictureKey,
  heroImageSrcSet,
  heroImageUrl,
  productPictureSrcSet,
} from './art.js';

describe('generated art pictures', () => {
  it('name the drawing they are made from and their width', () => {
    expect(artPictureKey('products/phn-leh-0001-1-v3.svg', 600)).toBe(
      'products/phn-leh-0001-1-v3-600.webp',
    );
    expect(ART_PICTURE.exec('products/scale/lehenga-red-c9a227-2-v3-300.webp')?.slice(1)).toEqual([
      'products/scale/lehenga-red-c9a227-2-v3',
      '300',
    ]);
    for (const other of [
      'uploads/0123456789abcdef01234567-600.webp',
      'products/phn-leh-0001-1-v2.svg',
      'products/../x-v3-600.webp',
      'hero/hero-1-v3-800.avif',
    ]) {
      expect(ART_PICTURE.test(other), other).toBe(false);
    }
  });

  it("give the hero at both widths, and a product's seed art at both of its own", () => {
    expect(heroImageUrl(0)).toMatch(/^\/images\/hero\/hero-1-v\d+-1600\.webp$/);
    expect(heroImageSrcSet(1)).toBe(`${heroImageUrl(1, 800)} 800w, ${heroImageUrl(1, 1600)} 1600w`);
    expect(
      productPictureSrcSet('https://shop.example/images/products/phn-leh-0001-1-v3-600.webp'),
    ).toBe(
      'https://shop.example/images/products/phn-leh-0001-1-v3-600.webp 600w, ' +
        'https://shop.example/images/products/phn-leh-0001-1-v3-300.webp 300w',
    );
    // An operator's photo comes at 600 only; an older drawing is a drawing.
    expect(
      productPictureSrcSet('/images/uploads/0123456789abcdef01234567-600.webp'),
    ).toBeUndefined();
    expect(productPictureSrcSet('/images/products/phn-leh-0001-1-v2.svg')).toBeUndefined();
    expect(productPictureSrcSet('/images/products/phn-leh-0001-1-v3-300.webp')).toBeUndefined();
  });
});
