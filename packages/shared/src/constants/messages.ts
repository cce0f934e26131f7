import { FAILED_TO_LOAD_PRODUCTS } from './first-load-messages.js';

/** Messages the API sends that a shopper can see (SPEC.md §5 and §8, DECISIONS.md). */
export const MESSAGES = {
  productNotFound: 'Product not found',
  notFound: 'Not found',
  invalidJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  bodyTooLarge: 'Request body is too large',
  internalError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  failedToLoadProducts: FAILED_TO_LOAD_PRODUCTS,
  failedToLoadPlans: 'Failed to load subscription plans',
  loginForWishlist: 'Please login to add items to wishlist',
  loginForCart: 'Please login to add items to cart',
  outOfStock: 'This product is currently out of stock',
  selectStartDate: 'Please select a start date',
  startDateInPast: 'Start date cannot be in the past',
  selectSize: 'Please select a size',
  sizeNotAvailable: 'Selected size is not available',
  failedToFetchProduct: 'Failed to fetch product',
  addToCartFailed: 'Failed to add to cart',
  addToCartError: 'Error adding to cart',
  addedToCart: 'Item added to cart!',
  addToWishlistFailed: 'Failed to add to wishlist',
  addedToWishlist: 'Added to wishlist',
} as const;
