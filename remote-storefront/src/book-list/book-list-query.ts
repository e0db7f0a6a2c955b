import {
  DEFAULT_BOOK_SORT,
  DEFAULT_PAGE_SIZE,
  isBookCondition,
  isBookSort,
  isCategoryId,
  isPageSize,
  isPageWithinReach,
  priceFilterCents,
  SEARCH_MAX_LENGTH,
  type BookSort,
} from '@bookswap/shared/catalog-rules';
import type { BookCondition, BookListQuery } from '@bookswap/shared/schemas';

/** What narrows and orders a list: the URL's `category`, `condition`, `minPrice`, `maxPrice`, `verified`, `sort`. */
export interface BookFilterChoice {
  category: string[];
  condition: BookCondition[];
  /** As typed, "12" or "12.50"; '' for no bound. */
  minPrice: string;
  maxPrice: string;
  verified: boolean;
  sort: BookSort;
}

export interface BookListPlace extends BookFilterChoice {
  search: string;
  page: number;
  size: number;
}

export const NO_FILTERS: BookFilterChoice = {
  category: [],
  condition: [],
  minPrice: '',
  maxPrice: '',
  verified: false,
  sort: DEFAULT_BOOK_SORT,
};

/** A whole number written in plain digits, or null. */
function wholeNumber(raw: string): number | null {
  return /^\s*\d+\s*$/.test(raw) ? Number(raw) : null;
}

/** The values of a repeatable name the server takes, once each, in one order (so one list has one URL). */
function known<T extends string>(values: string[], isKnown: (value: string) => value is T): T[];
function known(values: string[], isKnown: (value: string) => boolean): string[];
function known(values: string[], isKnown: (value: string) => boolean): string[] {
  return [...new Set(values.filter(isKnown))].sort();
}

function priceBounds(params: URLSearchParams): { minPrice: string; maxPrice: string } {
  const min = params.get('minPrice')?.trim() ?? '';
  const max = params.get('maxPrice')?.trim() ?? '';
  const minCents = priceFilterCents(min);
  const maxCents = priceFilterCents(max);
  // The server refuses a range whose minimum is above its maximum: neither bound, then.
  if (minCents !== null && maxCents !== null && minCents > maxCents) return { minPrice: '', maxPrice: '' };
  return { minPrice: minCents === null ? '' : min, maxPrice: maxCents === null ? '' : max };
}

/**
 * The list's search text, filters, order, page and page size live in the URL query so a list can be shared,
 * reloaded and returned to with Back. A hand-edited value the server would refuse (the limits of
 * bookListQuerySchema) falls back to its default instead.
 */
export function readBookListPlace(params: URLSearchParams): BookListPlace {
  const search = params.get('search')?.trim() ?? '';
  const page = wholeNumber(params.get('page') ?? '');
  const size = wholeNumber(params.get('size') ?? '');
  const sort = params.get('sort') ?? '';
  const pageSize = size !== null && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  return {
    search: search.length <= SEARCH_MAX_LENGTH ? search : '',
    category: known(params.getAll('category'), isCategoryId),
    condition: known(params.getAll('condition'), isBookCondition),
    ...priceBounds(params),
    verified: params.get('verified') === '1',
    sort: isBookSort(sort) ? sort : DEFAULT_BOOK_SORT,
    page: page !== null && isPageWithinReach(page, pageSize) ? page : 0,
    size: pageSize,
  };
}

/** Writes only what differs from the defaults, so the plain list keeps the plain URL. */
export function bookListQuery(place: BookListPlace): URLSearchParams {
  const params = new URLSearchParams();
  if (place.search) params.set('search', place.search);
  for (const category of place.category) params.append('category', category);
  for (const condition of place.condition) params.append('condition', condition);
  if (place.minPrice) params.set('minPrice', place.minPrice);
  if (place.maxPrice) params.set('maxPrice', place.maxPrice);
  if (place.verified) params.set('verified', '1');
  if (place.sort !== DEFAULT_BOOK_SORT) params.set('sort', place.sort);
  if (place.page > 0) params.set('page', String(place.page));
  if (place.size !== DEFAULT_PAGE_SIZE) params.set('size', String(place.size));
  return params;
}

/** Whether anything narrows the list (the order does not: it hides no book). */
export function isNarrowed({ category, condition, minPrice, maxPrice, verified }: BookFilterChoice): boolean {
  return category.length > 0 || condition.length > 0 || minPrice !== '' || maxPrice !== '' || verified;
}

/** What a page fixes of its list, which no control changes: the category page's category, the seller page's seller. */
export interface BookListScope {
  category?: string;
  seller?: string;
}

/** The call of a list's place, with its facet counts, within the page's scope. */
export function bookListCall(place: BookListPlace, { category, seller }: BookListScope = {}): BookListQuery {
  return { ...place, category: category ? [category] : place.category, ...(seller ? { seller } : {}), facets: true };
}
