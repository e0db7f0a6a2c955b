/**
 * The catalog's fixed values and rules without the schema library: what the storefront's first screens
 * need (category names, page sizes, the page count, report reasons), so they load no zod. The schemas
 * beside this file build their validation from these same values.
 */

export const BOOK_CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

/** Category choices of the add-product form, spelled as given in product.md §3 ("Nobel", "Biograpy"). */
export const CATEGORY_CHOICES = [
  { category_id: '1', category_name: 'Nobel' },
  { category_id: '2', category_name: 'Poetry' },
  { category_id: '3', category_name: 'Biograpy' },
  { category_id: '4', category_name: 'NonFiction' },
  { category_id: '5', category_name: 'Adventure stories' },
  { category_id: '6', category_name: 'Academic' },
  { category_id: '7', category_name: 'Science fiction' },
  { category_id: '8', category_name: 'Literature' },
  { category_id: '9', category_name: 'Others' },
] as const;

export const CATEGORY_IDS = CATEGORY_CHOICES.map((c) => c.category_id) as [string, ...string[]];

export function categoryNameOf(categoryId: string): string | undefined {
  return CATEGORY_CHOICES.find((c) => c.category_id === categoryId)?.category_name;
}

/**
 * Whether the resale price is above the original price: the add and edit forms warn, and do not refuse,
 * since a rare book can be worth more than it cost. False while either is not a price yet.
 */
export function resaleAboveOriginal(originalPrice: string, resalePrice: string): boolean {
  const price = /^\s*\d{1,7}(\.\d{1,2})?\s*$/;
  if (!price.test(originalPrice) || !price.test(resalePrice)) return false;
  return Number(resalePrice) > Number(originalPrice);
}

export const REPORT_REASONS = ['False Information', 'Unauthorized Sales', 'High Price', 'Other'] as const;
/** The longest text the Other reason's box takes. */
export const REPORT_DETAILS_MAX = 500;

export const PAGE_SIZES = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 5;
export const SEARCH_MAX_LENGTH = 200;
export const LAST_PAGE_ASKED = 100_000;
/** How deep a list may be paged (page × size): each page is an OFFSET scan, so deeper is refused. */
export const MAX_LIST_DEPTH = 10_000;

/** Whether a page of that size starts within MAX_LIST_DEPTH rows (and LAST_PAGE_ASKED pages). */
export function isPageWithinReach(page: number, size: number): boolean {
  return page <= LAST_PAGE_ASKED && page * size < MAX_LIST_DEPTH;
}

export function isPageSize(size: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(size);
}

/** Page count of product.md §9: total divided by page size, rounded up; no further than a list may be paged. */
export function pageCount(total: number, size: number): number {
  return Math.ceil(Math.min(total, MAX_LIST_DEPTH) / size);
}

/** The book list's orders: newest first by default, or by the resale price either way. */
export const BOOK_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export const DEFAULT_BOOK_SORT: BookSort = 'newest';
export const BOOK_SORT_LABELS: Record<BookSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** A price bound of the book list's filters: whole or decimal dollars, as a listing's price is written. */
export const PRICE_FILTER_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

export function isBookSort(value: string): value is BookSort {
  return (BOOK_SORTS as readonly string[]).includes(value);
}

export function isBookCondition(value: string): value is (typeof BOOK_CONDITIONS)[number] {
  return (BOOK_CONDITIONS as readonly string[]).includes(value);
}

export function isCategoryId(value: string): boolean {
  return CATEGORY_IDS.includes(value);
}

/** A price bound the list takes ("12", "12.5"), in cents; null for anything else. */
export function priceFilterCents(text: string): number | null {
  const trimmed = text.trim();
  return PRICE_FILTER_PATTERN.test(trimmed) ? Math.round(Number(trimmed) * 100) : null;
}
