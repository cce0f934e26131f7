/**
 * What the API says about a text field it cannot take (docs/decisions/020). Each names the field
 * by its label ('Name', 'Phone', 'Coupon code'); a field may use its own words from SPEC.md §5
 * instead (e.g. 'Name cannot be empty'), given where the field is defined.
 */
export const FIELD_MESSAGES = {
  required: (label: string): string => `${label} is required`,
  notText: (label: string): string => `${label} must be text`,
  notAllowed: (label: string): string => `${label} contains characters that are not allowed`,
  tooLong: (label: string, max: number): string =>
    `${label} must be at most ${max} characters long`,
} as const;
