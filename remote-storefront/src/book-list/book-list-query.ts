import { DEFAULT_PAGE_SIZE, isPageSize, isPageWithinReach, SEARCH_MAX_LENGTH } from '@bookswap/shared/catalog-rules';

export interface BookListPlace {
  search: string;
  page: number;
  size: number;
}

/** A whole number written in plain digits, or null. */
function wholeNumber(raw: string): number | null {
  return /^\s*\d+\s*$/.test(raw) ? Number(raw) : null;
}

/**
 * The list's search text, page and page size live in the URL query so a list can be shared,
 * reloaded and returned to with Back. A hand-edited value the server would refuse (the limits of
 * bookListQuerySchema) falls back to its default instead.
 */
export function readBookListPlace(params: URLSearchParams): BookListPlace {
  const search = params.get('search')?.trim() ?? '';
  const page = wholeNumber(params.get('page') ?? '');
  const size = wholeNumber(params.get('size') ?? '');
  const pageSize = size !== null && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  return {
    search: search.length <= SEARCH_MAX_LENGTH ? search : '',
    page: page !== null && isPageWithinReach(page, pageSize) ? page : 0,
    size: pageSize,
  };
}

/** Writes only what differs from the defaults, so the plain list keeps the plain URL. */
export function bookListQuery({ search, page, size }: BookListPlace): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 0) params.set('page', String(page));
  if (size !== DEFAULT_PAGE_SIZE) params.set('size', String(size));
  return params;
}
