/** Messages the API sends that a shopper can see (SPEC.md §5 and §8, DECISIONS.md). */
export const MESSAGES = {
  productNotFound: 'Product not found',
  notFound: 'Not found',
  invalidJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  bodyTooLarge: 'Request body is too large',
  internalError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  failedToLoadProducts: 'Failed to load products',
  failedToLoadPlans: 'Failed to load subscription plans',
  loginForWishlist: 'Please login to add items to wishlist',
  loginForCart: 'Please login to add items to cart',
} as const;
