import { describe, expect, it } from 'vitest';
import { fileCache, pagePolicy } from './policy';

describe('the service worker keeps', () => {
  it('pages anyone may read, in English and in Hindi, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/collection',
      '/collection/',
      '/product/0b5e4d2c-7f0e-4c51-9d55-3a2b1c0d9e8f',
      '/about',
      '/contact',
      '/terms',
      '/privacy',
      '/refund',
      '/hi',
      '/hi/',
      '/hi/collection',
      '/hi/product/abc',
    ]) {
      expect(pagePolicy(path), path).toBe('network-first');
    }
  });

  it('never a page that holds a shopper’s own state, the console or anything unknown', () => {
    for (const path of [
      '/cart',
      '/place-order',
      '/verify',
      '/orders',
      '/orders/abc/choose',
      '/profile',
      '/login',
      '/wishlist',
      '/notify-me',
      '/subscription-plans',
      '/hi/cart',
      '/hi/orders',
      '/admin',
      '/admin/bookings/abc',
      '/product',
      '/product/abc/reviews',
      '/collectionx',
      '/history',
      '/hindi',
    ]) {
      expect(pagePolicy(path), path).toBe('network-only');
    }
  });

  it('built files and pictures, but no source map and never the API', () => {
    expect(fileCache('/assets/index-Bb5GpEUi.css')).toBe('assets');
    expect(fileCache('/assets/client-Dp7JMK40.js')).toBe('assets');
    expect(fileCache('/assets/client-Dp7JMK40.js.map')).toBeUndefined();
    expect(fileCache('/images/products/phn-iww-0010-1-v3-300.webp')).toBe('images');
    expect(fileCache('/api/product/list')).toBeUndefined();
    expect(fileCache('/api/images/x')).toBeUndefined();
    expect(fileCache('/sw.js')).toBeUndefined();
    expect(fileCache('/manifest.webmanifest')).toBeUndefined();
  });
});
