import { bookListQuerySchema, DEFAULT_PAGE_SIZE } from '@bookswap/shared/schemas';

export interface BookListPlace {
  search: string;
  page: number;
  size: number;
}

/**
 * The list's search text, page and page size live in the URL query so a list can be shared,
 * reloaded and returned to with Back. A hand-edited, invalid value falls back to its default.
 */
export function readBookListPlace(params: URLSearchParams): BookListPlace {
  const field = <K extends keyof BookListPlace>(key: K, fallback: BookListPlace[K]): BookListPlace[K] => {
    const raw = params.get(key);
    if (raw === null) return fallback;
    const parsed = bookListQuerySchema.shape[key].safeParse(raw);
    return parsed.success ? (parsed.data as BookListPlace[K]) : fallback;
  };
  return { search: field('search', ''), page: field('page', 0), size: field('size', DEFAULT_PAGE_SIZE) };
}

/** Writes only what differs from the defaults, so the plain list keeps the plain URL. */
export function bookListQuery({ search, page, size }: BookListPlace): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 0) params.set('page', String(page));
  if (size !== DEFAULT_PAGE_SIZE) params.set('size', String(size));
  return params;
}
