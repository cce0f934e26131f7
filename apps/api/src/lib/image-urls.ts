import type { Product } from '@pehnava/shared';

/**
 * An image address as API clients get it. Images are stored root-relative (`/images/…`, the local
 * image store), which a page on another origin or a mobile app cannot resolve, so they leave
 * prefixed with `origin`. An address that is already absolute (object storage) is kept as it is.
 */
export function absoluteImageUrl(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}

/** The product with every image address absolute for `origin`. */
export function withImageOrigin<T extends Pick<Product, 'images'>>(product: T, origin: string): T {
  return { ...product, images: product.images.map((url) => absoluteImageUrl(url, origin)) };
}
