/** The phone code and country a new application starts with: the United States, +1 (docs/product-rules.md §11). */
export const DEFAULT_DIAL_CODE = '1';
export const DEFAULT_COUNTRY = 'US';
