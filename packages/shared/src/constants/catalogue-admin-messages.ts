/** What the catalogue's operator API answers (issue [K]: products, sizes, units, images). */
export const CATALOGUE_ADMIN_MESSAGES = {
  created: (code: string): string => `Product ${code} created`,
  saved: (code: string): string => `Product ${code} saved`,
  codeInvalid:
    'Product code must be 3 to 30 letters, digits or dashes, starting with a letter or digit',
  codeTaken: (code: string): string => `Another product already has the code ${code}`,
  priceInvalid: 'Prices must be amounts in rupees above 0, with at most 2 decimals',
  rentalAboveMrp: 'A rental price must be below the MRP',
  longerCostsLess: 'A longer rental cannot cost less than a shorter one',
  sizeRequired: 'Add at least one size',
  sizeTwice: (size: string): string => `Size ${size} is listed twice`,
  sizeRemoved: (size: string): string =>
    `Size ${size} cannot be removed: switch it off instead, so its bookings keep their pieces`,
  unitsInvalid: 'Units must be a whole number from 0 to 50',
  unitsReduced: (size: string, inUse: number): string =>
    `Size ${size} has ${inUse} pieces in use: to take pieces out, retire them on the Units screen`,
  filterTwice: (type: string, value: string): string =>
    `The filter ${type}: ${value} is listed twice`,
  imageNotOurs: 'Images must be ones uploaded here',
  imageMissing: (url: string): string => `The image ${url} is no longer stored: upload it again`,
  tooManyImages: 'A product can have at most 12 images',
  changedMeanwhile:
    'Someone else changed this product since you opened it: reload to see their changes',
  imageUnreadable: 'This file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo',
  imageTooLarge: 'An image can be at most 15 MB',
  imageTooSmall: 'This image is too small: it needs to be at least 600 pixels wide',
  imageUploaded: 'Image uploaded',
} as const;
