// The read paths `pnpm bench:api` measures, each case a list of request paths that autocannon takes in turn.
import { COMMON_WORDS, RARE_WORDS } from './bench-setup';

/** One case: its name in the report and the request paths it cycles through. */
export type ApiCase = [name: string, paths: string[]];

/** The pages a deep search visits: 1 to 50 (20 a page, about 85 pages of matches per common word). */
const DEEP_PAGES = Array.from({ length: 50 }, (_, i) => i + 1);

const CATEGORIES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const PRICE_RANGES = [
  ['5', '15'],
  ['10', '20.50'],
  ['20', '40'],
  ['1', '9.99'],
];
const CONDITION_CHOICES = [['Good'], ['Excellent', 'Good'], ['Fair']];
const pages = (n: number) => Array.from({ length: n }, (_, i) => i);
const list = (query: string) => `/api/category/list?${query}`;

/**
 * The book list's filters, each case over many combinations and pages, so that no single cached answer serves it: one
 * category; a condition with a price range; verified sellers only; a price sort with a search word; and every filter
 * at once with the facet counts (with and without a search word).
 */
function filterCases(): ApiCase[] {
  const condition = (names: readonly string[]) => names.map((name) => `condition=${name}`).join('&');
  const range = ([min, max]: readonly string[]) => `minPrice=${min}&maxPrice=${max}`;
  return [
    ['filter: one category', CATEGORIES.flatMap((c) => pages(10).map((p) => list(`category=${c}&page=${p}&size=20`)))],
    [
      'filter: condition and price range',
      CONDITION_CHOICES.flatMap((names) =>
        PRICE_RANGES.flatMap((r) => pages(5).map((p) => list(`${condition(names)}&${range(r)}&page=${p}&size=20`))),
      ),
    ],
    ['filter: verified sellers only', pages(50).map((p) => list(`verified=1&page=${p}&size=20`))],
    [
      'sort by price with a search word',
      COMMON_WORDS.flatMap((word, w) =>
        [0, 1].map((p) => list(`search=${word}&sort=${w % 2 ? 'price_desc' : 'price_asc'}&page=${p}&size=20`)),
      ),
    ],
    [
      'all filters with facets',
      CATEGORIES.flatMap((c, i) =>
        PRICE_RANGES.flatMap((r, j) =>
          [undefined, COMMON_WORDS[(i * 4 + j) % COMMON_WORDS.length]].map((word) =>
            list(
              `${word ? `search=${word}&` : ''}category=${c}&category=${CATEGORIES[(i + 4) % 9]}&${condition(CONDITION_CHOICES[(i + j) % 3]!)}&${range(r)}&verified=1&sort=price_asc&facets=1&page=0&size=20`,
            ),
          ),
        ),
      ),
    ],
  ];
}

/**
 * Every case (or those whose name contains `only`), given up to 200 listing ids for the detail page. Search cases spread over 60 common and 60 rare words
 * and over many pages, so that no single cached answer can serve a case.
 */
export function apiCases(ids: string[], only?: string): ApiCase[] {
  return allCases(ids).filter(([name]) => !only || name.includes(only));
}

function allCases(ids: string[]): ApiCase[] {
  const search = (words: string[], pageNumbers: number[]) =>
    words.flatMap((word, w) =>
      pageNumbers.map(
        (_, p) => `/api/category/list?search=${word}&page=${pageNumbers[(w + p) % pageNumbers.length]}&size=20`,
      ),
    );
  return [
    ['book list page 0, no search', ['/api/category/list?search=&page=0&size=5']],
    ['search common word, page 0', search(COMMON_WORDS, [0])],
    ['search common word, pages 1-50', search(COMMON_WORDS, DEEP_PAGES)],
    ['search rare word, page 0', search(RARE_WORDS, [0])],
    ['product detail', ids.map((id) => `/api/product/list/${id}`)],
    ['ads list', ['/api/product/Ads/list']],
    ...filterCases(),
  ];
}
